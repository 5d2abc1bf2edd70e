/**
 * The signing helpers (worker/signing.ts), against Node's own HKDF and HMAC as the reference: a key per purpose from
 * one secret, `{value}.{mac}`, and every way a signed value can be bent refused.
 */
import { createHmac, hkdfSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { deriveSigningKey, sign, verify } from '../../worker/signing';

const SECRET = 'unit-signing-secret-4e1b9d';

/** What RFC 5869 HKDF-SHA-256 (empty salt, the purpose as info) then RFC 2104 HMAC-SHA-256 give, by node:crypto. */
function reference(secret: string, purpose: string, value: string): string {
  const key = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), purpose, 32));
  return `${value}.${createHmac('sha256', key).update(value).digest('base64url')}`;
}

describe('signing', () => {
  it('signs as HKDF-SHA-256 then HMAC-SHA-256 would, and verifies what it signed', async () => {
    const key = await deriveSigningKey(SECRET, 'purpose one');
    for (const value of ['', 'abc', 'nonce.1767225600', 'ünïcode ✓']) {
      const signed = await sign(key, value);
      expect(signed).toBe(reference(SECRET, 'purpose one', value));
      expect(await verify(key, signed)).toBe(value);
    }
  });

  it('keeps purposes and secrets apart: a value verifies only with the key that signed it', async () => {
    const signed = await sign(await deriveSigningKey(SECRET, 'purpose one'), 'value');
    expect(await verify(await deriveSigningKey(SECRET, 'purpose two'), signed)).toBeNull();
    expect(await verify(await deriveSigningKey(`${SECRET}x`, 'purpose one'), signed)).toBeNull();
    expect(await verify(await deriveSigningKey(SECRET, 'purpose one'), signed)).toBe('value');
  });

  it('refuses a changed value, a changed, cut or re-spelled MAC, and no MAC at all', async () => {
    const key = await deriveSigningKey(SECRET, 'purpose one');
    const signed = await sign(key, 'nonce.1767225600');
    const mac = signed.slice(signed.lastIndexOf('.') + 1);
    expect(mac).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const flip = (c: string) => (c === 'A' ? 'B' : 'A');
    for (const bent of [
      signed.replace('1767225600', '1767225601'),
      `x${signed}`,
      signed.slice(0, -1) + flip(signed.slice(-1)),
      signed.slice(0, -1),
      `${signed}=`,
      // The same MAC in plain base64, with its padding.
      signed.slice(0, -mac.length) + Buffer.from(mac, 'base64url').toString('base64'),
      'nonce.1767225600',
      '',
      '.',
      `.${mac}`,
    ]) {
      expect(await verify(key, bent), bent).toBeNull();
    }
  });

  it('accepts only the one spelling of a MAC: the 2 spare bits of the last character must be zero', async () => {
    const key = await deriveSigningKey(SECRET, 'purpose one');
    const signed = await sign(key, 'value');
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const last = alphabet.indexOf(signed.slice(-1));
    expect(last % 4).toBe(0);
    // Same 32 bytes once decoded, another token: refused.
    expect(await verify(key, signed.slice(0, -1) + alphabet[last + 1])).toBeNull();
  });

  it('needs a secret and a purpose', async () => {
    await expect(deriveSigningKey('', 'purpose')).rejects.toThrow(/secret/);
    await expect(deriveSigningKey(SECRET, '')).rejects.toThrow(/purpose/);
  });
});
