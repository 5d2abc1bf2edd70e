import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createResendGuard, isBot, isPlausiblePhone, normaliseLead, validateLead } from '../../src/lib/lead';
import { leadErrorText, readLeadForm } from '../../src/lib/lead-fields';
import { uiSchema } from '../../src/lib/schemas/ui';

describe('isPlausiblePhone', () => {
  it.each(['9876543', '+91 98765 43210', '98765-43210', '+1-202-555-0147', '123456789012345'])('accepts %s', (value) =>
    expect(isPlausiblePhone(value)).toBe(true),
  );
  it.each(['123456', '1234567890123456', '98765abc10', '(987) 654-3210', '91+9876543210', '++919876543210', ''])(
    'rejects %s',
    (value) => expect(isPlausiblePhone(value)).toBe(false),
  );
});

describe('validateLead', () => {
  it('passes a good lead', () => {
    expect(validateLead({ name: 'Asha Rao', mobile: '+91 98765 43210' })).toEqual({});
  });
  it('asks for missing values', () => {
    expect(validateLead({ name: '', mobile: '' })).toEqual({
      name: 'required',
      mobile: 'required',
    });
  });
  it('limits the name to 100 characters', () => {
    expect(validateLead({ name: 'a'.repeat(100), mobile: '9876543210' })).toEqual({});
    expect(validateLead({ name: 'a'.repeat(101), mobile: '9876543210' }).name).toBe('tooLong');
  });
  it('names a bad number, and the message a visitor reads gives the rule: 7 to 15 digits', () => {
    expect(validateLead({ name: 'Asha', mobile: '12ab' }).mobile).toBe('invalid');
    const { errors } = uiSchema.parse(JSON.parse(readFileSync('src/content/ui.json', 'utf8'))).leadForm;
    expect(leadErrorText(errors, 'mobile', 'invalid')).toMatch(/\b7 to 15 digits\b/);
    expect(leadErrorText(errors, 'name', 'tooLong')).toMatch(/\b101 characters\b/);
    expect(leadErrorText(errors, 'name', 'required')).toBe('Please enter your name.');
  });
  it('judges trimmed values', () => {
    const lead = normaliseLead({ name: '  Asha  ', mobile: ' 9876543210 ' });
    expect(lead).toEqual({ name: 'Asha', mobile: '9876543210' });
    expect(validateLead(normaliseLead({ name: '   ', mobile: '9876543210' })).name).toBe('required');
  });
});

describe('honeypot', () => {
  it('flags a filled honeypot only', () => {
    expect(isBot({ name: 'a', mobile: '1', honeypot: 'https://spam.example' })).toBe(true);
    expect(isBot({ name: 'a', mobile: '1', honeypot: '  ' })).toBe(false);
    expect(isBot({ name: 'a', mobile: '1' })).toBe(false);
  });
});

describe('createResendGuard', () => {
  it('refuses a second send inside the window and allows one after it', () => {
    let now = 1_000;
    const guard = createResendGuard(5_000, () => now);
    expect(guard.tryStart()).toBe(true);
    now += 4_999;
    expect(guard.tryStart()).toBe(false);
    now += 1;
    expect(guard.tryStart()).toBe(true);
  });
  it('allows an immediate retry after a reset', () => {
    let now = 0;
    const guard = createResendGuard(5_000, () => now);
    guard.tryStart();
    guard.reset();
    now += 10;
    expect(guard.tryStart()).toBe(true);
  });
});

describe('readLeadForm', () => {
  it('reads name, mobile and the honeypot from the form, as typed; a missing field as empty', () => {
    const data = new FormData();
    data.set('name', ' Asha Rao ');
    data.set('mobile', '+91 98765 43210');
    data.set('company_website', 'https://spam.example');
    expect(readLeadForm(data)).toEqual({
      name: ' Asha Rao ',
      mobile: '+91 98765 43210',
      honeypot: 'https://spam.example',
    });
    expect(readLeadForm(new FormData())).toEqual({ name: '', mobile: '', honeypot: '' });
  });
});
