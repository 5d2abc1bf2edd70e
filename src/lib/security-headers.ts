/**
 * Builds the `_headers` file (the format Netlify and Cloudflare Pages read): security headers and a strict
 * Content-Security-Policy for every page, long immutable caching for hashed assets, revalidation for HTML.
 */
import { createHash } from 'node:crypto';

export interface HeadersInput {
  /** Origins the browser may call: the CRM, the email service, the blog API. Empty entries are ignored. */
  connectOrigins: string[];
  /** Inline <script> bodies found in the built pages (Astro's island runtime); each is allowed by its hash. */
  inlineScripts: string[];
  /** URL paths of the built HTML pages, for their revalidation rule. */
  pages: string[];
}

export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'usb=()',
  'fullscreen=(self)',
].join(', ');

export function scriptHash(body: string): string {
  return `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`;
}

function origins(urls: string[]): string[] {
  const out = new Set<string>();
  for (const url of urls) {
    if (!url) continue;
    out.add(new URL(url).origin);
  }
  return [...out].sort();
}

export function contentSecurityPolicy(input: Pick<HeadersInput, 'connectOrigins' | 'inlineScripts'>): string {
  const hashes = [...new Set(input.inlineScripts.map(scriptHash))].sort();
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'", ...hashes],
    ['style-src', "'self'", "'unsafe-inline'"],
    // Blog images come from wherever the blog API stores them.
    ['img-src', "'self'", 'data:', 'https:'],
    ['font-src', "'self'"],
    ['media-src', "'self'"],
    ['connect-src', "'self'", ...origins(input.connectOrigins)],
    ['frame-src', "'none'"],
    ['frame-ancestors', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['object-src', "'none'"],
    ['manifest-src', "'self'"],
    ['worker-src', "'none'"],
  ];
  return directives.map((d) => d.join(' ')).join('; ');
}

export function buildHeadersFile(input: HeadersInput): string {
  const lines = [
    '# Generated at build time from the site configuration (src/integrations/security-headers.ts). Do not edit.',
    '/*',
    `  Content-Security-Policy: ${contentSecurityPolicy(input)}`,
    '  X-Content-Type-Options: nosniff',
    '  X-Frame-Options: DENY',
    '  Referrer-Policy: strict-origin-when-cross-origin',
    `  Permissions-Policy: ${PERMISSIONS_POLICY}`,
    '  Cross-Origin-Opener-Policy: same-origin',
    '  Strict-Transport-Security: max-age=63072000; includeSubDomains',
    '',
    '# Hashed build assets never change under the same name.',
    '/_astro/*',
    '  Cache-Control: public, max-age=31536000, immutable',
    '',
    '# Pages are checked for a newer version on every visit.',
  ];
  for (const page of [...input.pages].sort()) {
    lines.push(page, '  Cache-Control: public, max-age=0, must-revalidate');
  }
  return lines.join('\n') + '\n';
}

/** Inline script bodies in an HTML document, except JSON-LD and other data blocks. */
export function inlineScripts(html: string): string[] {
  const found: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const attrs = match[1] ?? '';
    if (/\ssrc=/.test(attrs)) continue;
    const type = /\stype="([^"]*)"/.exec(attrs)?.[1];
    if (type && type !== 'module' && type !== 'text/javascript') continue;
    if (match[2]) found.push(match[2]);
  }
  return found;
}
