import { describe, expect, it } from 'vitest';
import { buildLeadRequest } from '../../src/lib/crm';

describe('buildLeadRequest', () => {
  const request = buildLeadRequest(
    { name: 'Asha Rao', mobile: '+91 98765 43210' },
    { host: 'https://crm.example/', token: 'secret-token' },
  );

  it('posts to {host}/api/leads', () => {
    expect(request.method).toBe('POST');
    expect(request.url).toBe('https://crm.example/api/leads');
  });

  it('sends the auth token, the form content type and Accept JSON', () => {
    expect(request.headers).toEqual({
      authtoken: 'secret-token',
      'Content-Type': 'application/x-www-form-urlencoded',
      Accept: 'application/json',
    });
  });

  it('encodes every lead field with the values of spec section 7', () => {
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
    expect(Object.fromEntries(body)).toEqual({
      name: 'Asha Rao',
      source: '7',
      status: '6',
      assigned: '3',
      contact: 'Asha Rao',
      phonenumber: '+91 98765 43210',
      email: '',
      title: 'New Lead from Website',
      tags: 'lead',
    });
    expect(request.body).toContain('phonenumber=%2B91+98765+43210');
  });
});
