import { describe, expect, it } from 'vitest';
import {
  ASTRO_RUNTIME_SCRIPTS,
  ISLAND_STYLE_ELEMENT,
  RUNTIME_ATTR,
  externalizeRuntime,
} from '../../src/integrations/no-inline-scripts';
import {
  API_SECURITY_HEADERS,
  buildHeadersFile,
  contentSecurityPolicy,
  ownerContentSecurityPolicy,
  withSecurityHeaders,
} from '../../src/lib/security-headers';
import { SPECULATION_RULES_PATH } from '../../src/lib/speculation';

const directive = (csp: string, name: string) =>
  csp
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith(`${name} `));

describe('contentSecurityPolicy', () => {
  const csp = contentSecurityPolicy({
    connectOrigins: ['https://crm.example/api', 'https://api.emailjs.com', '', 'https://blog.example:8443/base/'],
    imageOrigins: ['http://127.0.0.1:4599/', 'https://blog.example'],
  });

  it('allows scripts from the site itself only: no inline, no eval, no hash, no WebAssembly', () => {
    expect(directive(csp, 'script-src')).toBe("script-src 'self'");
  });

  it('allows the inline scripts the project writes by their hashes, and no other', () => {
    const input = { connectOrigins: [], scriptHashes: ['sha256-abc='] };
    expect(directive(contentSecurityPolicy(input), 'script-src')).toBe("script-src 'self' 'sha256-abc='");
    expect(directive(contentSecurityPolicy(input, { wasm: true }), 'script-src')).toBe(
      "script-src 'self' 'sha256-abc=' 'wasm-unsafe-eval'",
    );
  });

  it('lets the pages of the blog search compile WebAssembly, and nothing more', () => {
    // 'wasm-unsafe-eval' lets Pagefind compile its WebAssembly; it allows no JavaScript eval ('unsafe-eval').
    const search = contentSecurityPolicy({ connectOrigins: [] }, { wasm: true });
    expect(directive(search, 'script-src')).toBe("script-src 'self' 'wasm-unsafe-eval'");
    const rest = (policy: string) => policy.split('; ').filter((d) => !d.startsWith('script-src '));
    expect(rest(search)).toEqual(rest(contentSecurityPolicy({ connectOrigins: [] })));
  });

  it('limits connections to the configured service origins', () => {
    expect(directive(csp, 'connect-src')).toBe(
      "connect-src 'self' https://api.emailjs.com https://blog.example:8443 https://crm.example",
    );
  });

  it('allows images from the site, data:, https: and a blog API served over http', () => {
    expect(directive(csp, 'img-src')).toBe("img-src 'self' data: https: http://127.0.0.1:4599");
  });

  it('sets the fixed directives', () => {
    expect(directive(csp, 'default-src')).toBe("default-src 'self'");
    expect(directive(csp, 'frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(directive(csp, 'base-uri')).toBe("base-uri 'self'");
    expect(directive(csp, 'form-action')).toBe("form-action 'self'");
    expect(directive(csp, 'object-src')).toBe("object-src 'none'");
  });
});

describe('buildHeadersFile: the search pages', () => {
  const file = buildHeadersFile({ connectOrigins: [], searchPages: ['/blogs', '/blogs/*'] });
  const rule = (path: string) => file.split('\n\n').find((block) => block.startsWith(`${path}\n`)) ?? '';

  it('gives every path the policy without WebAssembly', () => {
    expect(file.split('\n\n')[0]).toContain("Content-Security-Policy: default-src 'self'; script-src 'self'; ");
  });

  it.each(['/blogs', '/blogs/*'])('%s detaches it and sets the one with WebAssembly instead', (path) => {
    const lines = rule(path).trimEnd().split('\n');
    expect(lines[1]).toBe('  ! Content-Security-Policy');
    expect(lines[2]).toMatch(
      /^ {2}Content-Security-Policy: default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; /,
    );
    expect(lines).toHaveLength(3);
  });

  it('refuses a search page path a rule cannot hold', () => {
    expect(() => buildHeadersFile({ connectOrigins: [], searchPages: ['/blogs?x'] })).toThrow(/Not a path/);
  });
});

describe('buildHeadersFile', () => {
  const file = buildHeadersFile({ connectOrigins: ['https://crm.example'] });

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

  it('caches hashed assets immutably and leaves pages to the host default', () => {
    expect(file).toContain('/_astro/*\n  Cache-Control: public, max-age=31536000, immutable');
    // One Cache-Control per path, so hosts that merge matching rules never join two values.
    expect(file.split('/*')[1]?.split('\n\n')[0]).not.toContain('Cache-Control');
  });

  it('names no page: nothing a page or the blog API holds reaches the file', () => {
    const rules = file.split('\n').filter((line) => line.startsWith('/'));
    expect(rules).toEqual(['/*', '/_astro/*', SPECULATION_RULES_PATH]);
  });

  it('names the speculation rules for every path, and serves the rules file with its media type', () => {
    const block = file.split('\n\n')[0] ?? '';
    expect(block).toContain(`  Speculation-Rules: "${SPECULATION_RULES_PATH}"`);
    const own = file.split('\n\n').find((b) => b.startsWith(`${SPECULATION_RULES_PATH}\n`));
    expect(own).toContain('  Content-Type: application/speculationrules+json');
    expect(own).toContain('  ! Speculation-Rules');
  });

  it('detaches the speculation rules from what is not a page, one rule per path', () => {
    const withFiles = buildHeadersFile({
      connectOrigins: [],
      notPages: ['/favicon.svg', '/media/*', '/_astro/*', SPECULATION_RULES_PATH],
    });
    const blocks = withFiles.split('\n\n');
    const rules = blocks.map((b) => b.split('\n').find((line) => line.startsWith('/')));
    expect(rules).toEqual(['/*', '/_astro/*', SPECULATION_RULES_PATH, '/favicon.svg', '/media/*']);
    for (const path of ['/favicon.svg', '/media/*', '/_astro/*']) {
      expect(blocks.find((b) => b.startsWith(`${path}\n`))).toContain('  ! Speculation-Rules');
    }
  });

  it('refuses a path a header rule cannot hold, and more rules than hosts read', () => {
    for (const path of ['/a b', '/x\n  Set-Cookie: a=b', 'favicon.svg', '/*/x', '/a/**']) {
      expect(() => buildHeadersFile({ connectOrigins: [], notPages: [path] })).toThrow(/Not a path/);
    }
    const many = Array.from({ length: 98 }, (_, i) => `/file-${i}.png`);
    expect(() => buildHeadersFile({ connectOrigins: [], notPages: many })).toThrow(/at most 100/);
    expect(() => buildHeadersFile({ connectOrigins: [], notPages: many.slice(0, 97) })).not.toThrow();
  });
});

describe('the headers of the Worker’s answers', () => {
  const headersOf = (response: Response) => Object.fromEntries(response.headers);

  it('give an API answer HSTS, nosniff, a policy that allows nothing, no referrer and no framing', () => {
    const response = withSecurityHeaders(Response.json({ error: 'not found' }, { status: 404 }));
    expect(response.status).toBe(404);
    expect(headersOf(response)).toEqual({
      'content-type': 'application/json',
      'strict-transport-security': 'max-age=63072000; includeSubDomains',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'referrer-policy': 'no-referrer',
      'x-frame-options': 'DENY',
    });
  });

  it('use the HSTS of the pages: one value for the whole site', () => {
    const pages = buildHeadersFile({ connectOrigins: [] });
    expect(pages).toContain(`\n  Strict-Transport-Security: ${API_SECURITY_HEADERS['Strict-Transport-Security']}\n`);
  });

  it('leave a header the answer sets itself: a sign-in page keeps its hash-only policy', async () => {
    const own = "default-src 'none'; script-src 'sha256-abc='; frame-ancestors 'none'";
    const page = new Response('<p>page</p>', {
      status: 400,
      headers: { 'Content-Security-Policy': own, 'Referrer-Policy': 'no-referrer', 'Set-Cookie': 'a=b' },
    });
    const response = withSecurityHeaders(page);
    expect(response.headers.get('Content-Security-Policy')).toBe(own);
    expect(response.headers.get('X-Frame-Options')).toBe('DENY');
    expect(response.headers.get('Strict-Transport-Security')).toBe(API_SECURITY_HEADERS['Strict-Transport-Security']);
    expect(response.headers.get('Set-Cookie')).toBe('a=b');
    expect(response.status).toBe(400);
    expect(await response.text()).toBe('<p>page</p>');
  });

  it('leave a page that has the site’s headers as it is (the 404 page), and work on a response whose headers are fixed', () => {
    const pageHeaders = {
      'Content-Security-Policy': contentSecurityPolicy({ connectOrigins: [] }),
      'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'X-Frame-Options': 'DENY',
    };
    const page = new Response('404', { status: 404, headers: pageHeaders });
    expect(withSecurityHeaders(page)).toBe(page);
    // A response from fetch() or a binding: its headers cannot be changed in place.
    const fixed = Response.redirect('https://site.example/elsewhere', 302);
    expect(() => fixed.headers.set('X-Test', '1')).toThrow();
    const redirected = withSecurityHeaders(fixed);
    expect(redirected.status).toBe(302);
    expect(redirected.headers.get('Location')).toBe('https://site.example/elsewhere');
    expect(redirected.headers.get('X-Frame-Options')).toBe('DENY');
  });
});

describe('externalizeRuntime', () => {
  const known = new Map(
    Object.entries(ASTRO_RUNTIME_SCRIPTS).map(([name, body]) => [body, { name, url: `/_astro/${name}.x.js`, body }]),
  );

  it("replaces Astro's runtime scripts by one deferred file holding them in order, where the first was", () => {
    const visible = ASTRO_RUNTIME_SCRIPTS['astro-visible']!;
    const island = ASTRO_RUNTIME_SCRIPTS['astro-island']!;
    const html = `<p>a</p><script>${visible}</script><b></b><script>${island}</script><astro-island></astro-island>`;
    const result = externalizeRuntime(html, known);
    expect(result.unknown).toEqual([]);
    expect(result.used).toHaveLength(1);
    const [file] = result.used;
    expect(file!.url).toMatch(/^\/_astro\/astro-runtime\.[0-9a-f]{10}\.js$/);
    expect(file!.body).toBe(`${visible}\n;${island}`);
    expect(result.html).toBe(
      `<p>a</p><script src="${file!.url}" defer ${RUNTIME_ATTR}></script><b></b><astro-island></astro-island>`,
    );
    // The same scripts give the same file on every page.
    expect(externalizeRuntime(html, known).used[0]!.url).toBe(file!.url);
  });

  it('keeps a lone runtime script in its own file', () => {
    const island = ASTRO_RUNTIME_SCRIPTS['astro-island']!;
    const result = externalizeRuntime(`<script>${island}</script><astro-island></astro-island>`, known);
    expect(result.html).toBe(
      `<script src="/_astro/astro-island.x.js" defer ${RUNTIME_ATTR}></script><astro-island></astro-island>`,
    );
  });

  it('reports every other inline script, and leaves data blocks and files alone', () => {
    const html =
      '<script type="application/ld+json">{"a":1}</script><script src="/_astro/a.js"></script>' +
      "<script>window.__xss='name'</script><script type=module>import('x')</script>";
    const result = externalizeRuntime(html, known);
    expect(result.unknown).toEqual(["window.__xss='name'", "import('x')"]);
    expect(result.html).toBe(html);
  });

  it("knows Astro's island element and the loader of each client directive", () => {
    expect(Object.keys(ASTRO_RUNTIME_SCRIPTS).sort()).toEqual(
      ['astro-idle', 'astro-island', 'astro-load', 'astro-media', 'astro-only', 'astro-visible'].sort(),
    );
    expect(ASTRO_RUNTIME_SCRIPTS['astro-island']).toContain('customElements.define("astro-island"');
    expect(ASTRO_RUNTIME_SCRIPTS['astro-visible']).toContain('astro:visible');
  });
});

describe("Astro's inline island style", () => {
  it('is dropped from the page, and global.css holds the same rule', async () => {
    const { readFileSync } = await import('node:fs');
    const { ISLAND_STYLES } = await import('astro/runtime/server/astro-island-styles.js');
    expect(ISLAND_STYLE_ELEMENT).toBe(`<style>${ISLAND_STYLES}</style>`);
    const html = `<div>${ISLAND_STYLE_ELEMENT}<astro-island></astro-island></div>`;
    expect(externalizeRuntime(html, new Map()).html).toBe('<div><astro-island></astro-island></div>');
    const css = readFileSync('src/styles/global.css', 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
    const [selectors, body] = ISLAND_STYLES.replace('}', '').split('{');
    expect(css.replace(/\s+/g, '')).toContain(`${selectors}{${body};}`);
  });
});

describe('buildHeadersFile: the content admin', () => {
  const input = { connectOrigins: ['https://api.emailjs.com'], searchPages: ['/blogs', '/blogs/*'] };
  const withAdmin = buildHeadersFile({ ...input, adminPath: '/cms/*' });
  const rule = (withAdmin.split('\n\n').find((block) => block.startsWith('/cms/*\n')) ?? '').trimEnd();
  const policy = /Content-Security-Policy: (.*)/.exec(rule)?.[1] ?? '';

  it('gives /cms/* its own policy, opener policy and noindex, and no speculation rules', () => {
    expect(rule.split('\n')).toEqual([
      '/cms/*',
      '  ! Content-Security-Policy',
      `  Content-Security-Policy: ${policy}`,
      '  ! Cross-Origin-Opener-Policy',
      '  Cross-Origin-Opener-Policy: same-origin-allow-popups',
      '  X-Robots-Tag: noindex, nofollow',
      '  ! Speculation-Rules',
    ]);
  });

  it("allows the admin's own files, its local files, GitHub's API and its preview frame, and nothing else", () => {
    expect(directive(policy, 'script-src')).toBe("script-src 'self'");
    expect(directive(policy, 'connect-src')).toBe("connect-src 'self' data: blob: https://api.github.com");
    expect(directive(policy, 'frame-src')).toBe('frame-src blob:');
    expect(directive(policy, 'frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(policy).not.toMatch(/unsafe-eval|wasm|\*/);
  });

  it("leaves every other path's rules as they were", () => {
    const without = buildHeadersFile(input);
    expect(withAdmin.replace(`\n\n${rule}`, '')).toBe(without);
  });
});

describe("buildHeadersFile: the owner's page", () => {
  const input = {
    connectOrigins: ['https://api.emailjs.com'],
    searchPages: ['/blogs', '/blogs/*'],
    adminPath: '/cms/*',
  };
  const withOwner = buildHeadersFile({ ...input, ownerPath: '/owner/*' });
  const rule = (withOwner.split('\n\n').find((block) => block.startsWith('/owner/*\n')) ?? '').trimEnd();

  it('gives /owner/* its own policy, opener policy, noindex and no-store, and no speculation rules', () => {
    expect(rule.split('\n')).toEqual([
      '/owner/*',
      '  ! Content-Security-Policy',
      `  Content-Security-Policy: ${ownerContentSecurityPolicy()}`,
      '  ! Cross-Origin-Opener-Policy',
      '  Cross-Origin-Opener-Policy: same-origin-allow-popups',
      '  X-Robots-Tag: noindex, nofollow',
      '  Cache-Control: no-store',
      '  ! Speculation-Rules',
    ]);
  });

  it("allows the site's own scripts, styles and API only: nothing inline, no other host", () => {
    expect(ownerContentSecurityPolicy()).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; " +
        "frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'",
    );
  });

  it("leaves every other path's rules as they were", () => {
    expect(withOwner.replace(`\n\n${rule}`, '')).toBe(buildHeadersFile(input));
  });

  it('refuses a path a rule cannot hold', () => {
    expect(() => buildHeadersFile({ connectOrigins: [], ownerPath: '/owner/*\n  X: y' })).toThrow(/Not a path/);
  });
});
