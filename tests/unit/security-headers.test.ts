import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildHeadersFile, contentSecurityPolicy, inlineScripts, scriptHash } from '../../src/lib/security-headers';

const directive = (csp: string, name: string) =>
  csp
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith(`${name} `));

describe('contentSecurityPolicy', () => {
  const csp = contentSecurityPolicy({
    connectOrigins: ['https://crm.example/api', 'https://api.emailjs.com', '', 'https://blog.example:8443/base/'],
    inlineScripts: ['console.log(1)', 'console.log(1)', 'run()'],
  });

  it('allows scripts only from the site and by hash, never inline or eval', () => {
    const scripts = directive(csp, 'script-src') ?? '';
    expect(scripts).toContain("'self'");
    expect(scripts).not.toContain('unsafe-inline');
    expect(scripts).not.toContain('unsafe-eval');
    const expected = `'sha256-${createHash('sha256').update('console.log(1)').digest('base64')}'`;
    expect(scripts).toContain(expected);
    expect(scripts.split(' ').filter((s) => s.startsWith("'sha256-"))).toHaveLength(2);
  });

  it('limits connections to the configured service origins', () => {
    expect(directive(csp, 'connect-src')).toBe(
      "connect-src 'self' https://api.emailjs.com https://blog.example:8443 https://crm.example",
    );
  });

  it('sets the fixed directives', () => {
    expect(directive(csp, 'default-src')).toBe("default-src 'self'");
    expect(directive(csp, 'frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(directive(csp, 'base-uri')).toBe("base-uri 'self'");
    expect(directive(csp, 'form-action')).toBe("form-action 'self'");
    expect(directive(csp, 'object-src')).toBe("object-src 'none'");
  });
});

describe('buildHeadersFile', () => {
  const file = buildHeadersFile({
    connectOrigins: ['https://crm.example'],
    inlineScripts: [],
    pages: ['/pricing', '/'],
  });

  it('applies the security headers to every path', () => {
    const block = file.split('\n\n')[0] ?? '';
    expect(block).toContain('\n/*\n');
    for (const header of [
      'Content-Security-Policy: ',
      'X-Content-Type-Options: nosniff',
      'Referrer-Policy: strict-origin-when-cross-origin',
      'Permissions-Policy: ',
    ]) {
      expect(block).toContain(`  ${header}`);
    }
  });

  it('caches hashed assets immutably and revalidates each page', () => {
    expect(file).toContain('/_astro/*\n  Cache-Control: public, max-age=31536000, immutable');
    expect(file).toContain('\n/\n  Cache-Control: public, max-age=0, must-revalidate');
    expect(file).toContain('\n/pricing\n  Cache-Control: public, max-age=0, must-revalidate');
    // One Cache-Control per path, so hosts that merge matching rules never join two values.
    expect(file.split('/*')[1]?.split('\n\n')[0]).not.toContain('Cache-Control');
  });
});

describe('inlineScripts', () => {
  it('finds executable inline scripts and skips files and data blocks', () => {
    const html = `
      <script>one()</script>
      <script type="module">two()</script>
      <script type="module" src="/_astro/x.js"></script>
      <script type="application/ld+json">{"a":1}</script>
      <script type="application/json">{}</script>`;
    expect(inlineScripts(html)).toEqual(['one()', 'two()']);
  });
  it('hashes exactly the script body', () => {
    expect(scriptHash('a')).toBe(`'sha256-${createHash('sha256').update('a').digest('base64')}'`);
  });
});
