import { describe, expect, it } from 'vitest';
import {
  buildCrmRequest,
  buildPopupRequest,
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

/** A post to this site's /api/leads: Asha Rao's lead, the empty honeypot and the form's name, with no token. */
function expectRelayPost(request: LeadRequest, form: string) {
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
  });
}

describe('buildPopupRequest', () => {
  const lead = { name: 'Asha Rao', mobile: '+91 98765 43210' };

  it('relay mode: posts name, phonenumber, the empty honeypot and form=popup to this site, with no token', () => {
    const request = buildPopupRequest(lead, { mode: 'relay' });
    expectRelayPost(request, 'popup');
  });

  it('direct mode: the CRM request itself, token included', () => {
    const crm = { host: 'https://crm.example', token: 'secret-token' };
    const request = buildPopupRequest(lead, { mode: 'direct', ...crm });
    expect(request).toEqual(buildCrmRequest(lead, crm));
    expect(request.url).toBe('https://crm.example/api/leads');
    expect(request.headers.authtoken).toBe('secret-token');
  });
});

describe('buildRelayRequest', () => {
  it('an email form falling back to the relay: the same post, naming its form, with no token', () => {
    const request = buildRelayRequest({ name: 'Asha Rao', mobile: '+91 98765 43210' }, 'inline');
    expectRelayPost(request, 'inline');
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
    });
    expect(decodeLeadPost(new URLSearchParams(encodeLeadPost(lead, 'contact-modal')))).toEqual({
      ...lead,
      honeypot: '',
      form: 'contact-modal',
    });
    expect(decodeLeadPost(new URLSearchParams('mobile=9876543210'))).toEqual({
      name: '',
      mobile: '',
      honeypot: '',
      form: 'popup',
    });
  });
});
