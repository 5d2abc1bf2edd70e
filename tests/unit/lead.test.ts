import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  cleanText,
  createResendGuard,
  isBot,
  isPlausiblePhone,
  normaliseLead,
  validateLead,
} from '../../src/lib/leads/rules';
import { leadErrorText, readLeadForm } from '../../src/lib/leads/fields';
import { uiSchema } from '../../src/lib/schemas/ui';
import { contentPath } from '../../src/lib/content-paths';

describe('isPlausiblePhone', () => {
  it.each([
    '9876543',
    '+91 98765 43210',
    '98765-43210',
    '98765 - 43210',
    '+1-202-555-0147',
    '123456789012345',
    '+123 456 789 012 345',
  ])('accepts %s', (value) => expect(isPlausiblePhone(value)).toBe(true));
  it.each([
    '123456',
    '1234567890123456',
    '98765abc10',
    '(987) 654-3210',
    '91+9876543210',
    '++919876543210',
    '98765--43210',
    '98765  43210',
    '-9876543210',
    '9876543210-',
    '+ 91 98765 43210',
    '1 2 3 4 5 6 7 8 9 0 1',
    `1234567${'-'.repeat(3900)}`,
    '',
  ])('rejects %s', (value) => expect(isPlausiblePhone(value)).toBe(false));
});

describe('cleanText', () => {
  it('turns every run of whitespace into one space and trims', () => {
    expect(cleanText(' Asha \t\r\n Rao\u00a0\u2003Patil\u3000')).toBe('Asha Rao Patil');
  });
  it('drops control characters, zero-width characters, bidi controls and other invisible ones', () => {
    const invisible = [
      '\u0000', // NUL
      '\u001b', // escape
      '\u007f', // delete
      '\u00ad', // soft hyphen
      '\u061c', // Arabic letter mark
      '\u200b', // zero-width space
      '\u200c', // zero-width non-joiner
      '\u200d', // zero-width joiner
      '\u200e', // left-to-right mark
      '\u200f', // right-to-left mark
      '\u202a', // left-to-right embedding
      '\u202e', // right-to-left override
      '\u2060', // word joiner
      '\u2066', // left-to-right isolate
      '\u2069', // pop directional isolate
      '\u3164', // Hangul filler
      '\ufe0f', // variation selector 16
      '\ufeff', // byte order mark
      '\u{e0041}', // tag letter A
    ];
    for (const c of invisible) expect(cleanText(`As${c}ha`), JSON.stringify(c)).toBe('Asha');
    expect(cleanText(invisible.join(''))).toBe('');
    // NEL is a control character but also whitespace: it separates words.
    expect(cleanText('Asha\u0085Rao')).toBe('Asha Rao');
  });
  it('keeps letters of every script, marks, punctuation, symbols and markup as text', () => {
    for (const text of ["Zoë O'Brien-Smith", 'आशा राव', '李华', 'Асель', 'Asha 👋', '<b>Asha</b>', 'A & B "C"']) {
      expect(cleanText(text)).toBe(text);
    }
  });
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
  it('wants a letter in a name', () => {
    for (const name of ['12345', '!!!', '<>', '👋', '\u0301\u0301']) {
      expect(validateLead({ name, mobile: '9876543210' }).name, name).toBe('invalid');
    }
    expect(validateLead({ name: 'R2', mobile: '9876543210' })).toEqual({});
  });
  it('limits the mobile number to 20 characters, separators included', () => {
    expect(validateLead({ name: 'Asha', mobile: '+123 456 789 012 345' })).toEqual({});
    expect(validateLead({ name: 'Asha', mobile: '+12 34 56 78 90 12 345' }).mobile).toBe('tooLong');
    expect(validateLead({ name: 'Asha', mobile: `1234567${'-'.repeat(3900)}` }).mobile).toBe('tooLong');
  });
  it('names a bad number, and the messages a visitor reads give the rules', () => {
    expect(validateLead({ name: 'Asha', mobile: '12ab' }).mobile).toBe('invalid');
    const { errors } = uiSchema.parse(JSON.parse(readFileSync(contentPath('ui', 'ui'), 'utf8'))).leadForm;
    expect(leadErrorText(errors, 'mobile', 'invalid')).toMatch(/\b7 to 15 digits\b/);
    expect(leadErrorText(errors, 'mobile', 'tooLong')).toMatch(/\bunder 21 characters\b/);
    expect(leadErrorText(errors, 'mobile', 'required')).toBe('Please enter your mobile number.');
    expect(leadErrorText(errors, 'name', 'tooLong')).toMatch(/\b101 characters\b/);
    expect(leadErrorText(errors, 'name', 'invalid')).toMatch(/\bletter\b/);
    expect(leadErrorText(errors, 'name', 'required')).toBe('Please enter your name.');
    // Each problem has a message of its own.
    const messages = (['name', 'mobile'] as const).flatMap((field) =>
      (['required', 'tooLong', 'invalid'] as const).map((problem) => leadErrorText(errors, field, problem)),
    );
    expect(new Set(messages).size).toBe(6);
  });
  it('judges cleaned values', () => {
    const lead = normaliseLead({ name: '  Asha  ', mobile: ' 9876543210 ' });
    expect(lead).toEqual({ name: 'Asha', mobile: '9876543210' });
    expect(validateLead(normaliseLead({ name: '   ', mobile: '9876543210' })).name).toBe('required');
    expect(validateLead(normaliseLead({ name: '\u200b', mobile: '9876543210' })).name).toBe('required');
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
