/**
 * Values the Worker signs so that it can trust them when they come back (the CMS sign-in's `state`, and any later use):
 * a key derived with HKDF-SHA-256 from a Worker secret and a purpose label, and a value signed with it as
 * `{value}.{mac}`, the HMAC-SHA-256 in base64url. One secret gives one key per label, so a value signed for one purpose
 * never verifies for another, and the owner sets up no secret of its own for signing. Changing the secret invalidates
 * everything signed with it.
 *
 * Pure: the secret, the label and the value come in as arguments; Web Crypto (the Worker's, Node's, a browser's) does
 * the work. Verification is crypto.subtle.verify, which compares in constant time.
 */

const encoder = new TextEncoder();
/** HKDF's salt: none (RFC 5869, 3.1). The secret is already a random key, and the label keeps the uses apart. */
const NO_SALT = new Uint8Array(0);
/** An HMAC-SHA-256 as base64url without padding: 32 bytes in 43 characters. */
const MAC_FORMAT = /^[A-Za-z0-9_-]{43}$/;

/** The HMAC-SHA-256 key for one purpose, derived from a secret; it signs and verifies, and cannot be exported. */
export async function deriveSigningKey(secret: string, purpose: string): Promise<CryptoKey> {
  if (!secret) throw new Error('A signing key needs a secret.');
  if (!purpose) throw new Error('A signing key needs a purpose label.');
  const base = await crypto.subtle.importKey('raw', encoder.encode(secret), 'HKDF', false, ['deriveKey']);
  return crypto.subtle.deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt: NO_SALT, info: encoder.encode(purpose) },
    base,
    { name: 'HMAC', hash: 'SHA-256', length: 256 },
    false,
    ['sign', 'verify'],
  );
}

/** Bytes as base64url, without padding. */
function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replaceAll('-', '+').replaceAll('_', '/'));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** `value` with its MAC: `{value}.{mac}`. The value may hold dots; the MAC is what follows the last one. */
export async function sign(key: CryptoKey, value: string): Promise<string> {
  const mac = await crypto.subtle.sign('HMAC', key, encoder.encode(value));
  return `${value}.${toBase64Url(new Uint8Array(mac))}`;
}

/**
 * The value of a `{value}.{mac}` that `key` signed, or null: no MAC, a MAC not in its one written form, or one that
 * `key` did not make for exactly this value.
 */
export async function verify(key: CryptoKey, signed: string): Promise<string | null> {
  const dot = signed.lastIndexOf('.');
  if (dot < 0) return null;
  const value = signed.slice(0, dot);
  const text = signed.slice(dot + 1);
  if (!MAC_FORMAT.test(text)) return null;
  const mac = fromBase64Url(text);
  // 43 characters carry 2 bits more than 32 bytes: only the form sign() writes is accepted, so a value has one token.
  if (toBase64Url(mac) !== text) return null;
  return (await crypto.subtle.verify('HMAC', key, mac, encoder.encode(value))) ? value : null;
}
