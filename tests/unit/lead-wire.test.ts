import { describe, expect, it } from 'vitest';
import {
  buildCrmRequest,
  buildRelayRequest,
  decodeLeadPost,
  encodeLeadPost,
  type LeadRequest,
} from '../../src/lib/leads/wire';
import { EXPECTED_CRM_LEAD_BODY } from '../fixtures/crm-lead';

describe('buildCrmRequest', () => {
  const request = buildCrmRequest(
    { name: 'Asha Rao', mobile: '+91 98765 43210' },
    { host: 'https://crm.example/', token: 'secret-token' },
  );

  it('posts to {host}/api/leads', () => {
    expect(request.method).toBe('POST');
    expect(request.url).toBe('https://crm.example/api/leads');
    const lead = { name: 'A', mobile: '9876543210' };
    expect(buildCrmRequest(lead, { host: ' https://crm.example// ', token: 't' }).url).toBe(
      'https://crm.example/api/leads',
    );
  });

  it('sends the auth token, the form content type and Accept JSON', () => {
    expect(request.headers).toEqual({
      authtoken: 'secret-token',
      'Content-Type': 'application/x-www-form-urlencoded',
      Accept: 'application/json',
    });
  });

  it("encodes every lead field with the CRM's values (product rule)", () => {
    const body = new URLSearchParams(request.body);
    expect([...body.keys()]).toEqual([
      'name',
      'source',
      'status',
      'assigned',
      'contact',
      'phonenumber',
      'email',
      'title',
      'tags',
    ]);
    expect(Object.fromEntries(body)).toEqual(EXPECTED_CRM_LEAD_BODY);
    expect(request.body).toContain('phonenumber=%2B91+98765+43210');
  });
});

const KEY = '0f5c2a8e-3b1d-4c6f-9a7e-2d4b6c8e0a1f';

/**
 * A post to this site's /api/leads: Asha Rao's lead, the empty honeypot, the form's name, KEY and the page's
 * language, with no token.
 */
function expectRelayPost(request: LeadRequest, form: string, lang: string) {
  expect(request.url).toBe('/api/leads');
  expect(request.method).toBe('POST');
  expect(request.headers).toEqual({
    'Content-Type': 'application/x-www-form-urlencoded',
    Accept: 'application/json',
  });
  expect(Object.fromEntries(new URLSearchParams(request.body))).toEqual({
    name: 'Asha Rao',
    phonenumber: '+91 98765 43210',
    company_website: '',
    form,
    key: KEY,
    lang,
  });
}

describe('buildRelayRequest', () => {
  it('the popup in relay mode: name, phonenumber, the empty honeypot, form=popup, the key and the language, with no token', () => {
    const request = buildRelayRequest({ name: 'Asha Rao', mobile: '+91 98765 43210' }, 'popup', KEY, 'en');
    expectRelayPost(request, 'popup', 'en');
  });

  it('an email form falling back to the relay from a Hindi page: the same post, naming its form and Hindi', () => {
    const request = buildRelayRequest({ name: 'Asha Rao', mobile: '+91 98765 43210' }, 'inline', KEY, 'hi');
    expectRelayPost(request, 'inline', 'hi');
  });
});

describe('the relay post (a form to /api/leads)', () => {
  it('carries name, phonenumber, the honeypot and the form, form-url-encoded; the popup by default', () => {
    const body = new URLSearchParams(encodeLeadPost({ name: 'Asha Rao', mobile: '+91 98765 43210' }));
    expect(Object.fromEntries(body)).toEqual({
      name: 'Asha Rao',
      phonenumber: '+91 98765 43210',
      company_website: '',
      form: 'popup',
    });
  });
  it('names the form that sent it', () => {
    const lead = { name: 'Asha Rao', mobile: '+91 98765 43210' };
    expect(new URLSearchParams(encodeLeadPost(lead, 'inline')).get('form')).toBe('inline');
    expect(new URLSearchParams(encodeLeadPost(lead, 'contact-modal')).get('form')).toBe('contact-modal');
  });
  it('reads back what the form wrote, and reads a missing field as empty (a missing form as the popup)', () => {
    const lead = { name: 'Asha', mobile: '+91 98765 43210' };
    expect(decodeLeadPost(new URLSearchParams(encodeLeadPost(lead, 'popup', 'bot')))).toEqual({
      ...lead,
      honeypot: 'bot',
      form: 'popup',
      key: null,
      lang: null,
    });
    expect(decodeLeadPost(new URLSearchParams(encodeLeadPost(lead, 'contact-modal')))).toEqual({
      ...lead,
      honeypot: '',
      form: 'contact-modal',
      key: null,
      lang: null,
    });
    expect(decodeLeadPost(new URLSearchParams(encodeLeadPost(lead, 'inline', '', KEY))).key).toBe(KEY);
    expect(decodeLeadPost(new URLSearchParams(encodeLeadPost(lead, 'inline', '', KEY, 'hi'))).lang).toBe('hi');
    expect(decodeLeadPost(new URLSearchParams('mobile=9876543210'))).toEqual({
      name: '',
      mobile: '',
      honeypot: '',
      form: 'popup',
      key: null,
      lang: null,
    });
  });
});
