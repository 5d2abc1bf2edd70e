import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { checkHttps, zoneCandidates } from '../../scripts/check-https.mjs';

// A fake Cloudflare API and a fake live site, both on 127.0.0.1; each test says how they answer.
type ApiMode = 'on' | 'off' | 'settings-403' | 'zones-403' | 'no-zone';
type SiteMode = 'redirect' | 'plain' | 'elsewhere';
let apiMode: ApiMode;
let siteMode: SiteMode;
const asked: { path: string; authorization?: string }[] = [];
const TOKEN = 'cf-token-7e21d4';
const ZONE_ID = '0123456789abcdef0123456789abcdef';

const apiServer = createServer((req, res) => {
  asked.push({ path: req.url ?? '', authorization: req.headers.authorization });
  const url = new URL(req.url ?? '/', 'http://api');
  const send = (status: number, body: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const refused = (message: string) => ({ success: false, errors: [{ code: 9109, message }], messages: [] });
  if (url.pathname === '/client/v4/zones') {
    if (apiMode === 'zones-403') return send(403, refused('Unauthorized to access\nrequested resource 100%'));
    const name = url.searchParams.get('name');
    const result = apiMode !== 'no-zone' && name === 'example.test' ? [{ id: ZONE_ID, name, status: 'active' }] : [];
    return send(200, { success: true, errors: [], messages: [], result });
  }
  if (url.pathname === `/client/v4/zones/${ZONE_ID}/settings/always_use_https`) {
    if (apiMode === 'settings-403') return send(403, refused('Unauthorized to access requested resource'));
    const value = apiMode === 'off' ? 'off' : 'on';
    return send(200, { success: true, errors: [], messages: [], result: { id: 'always_use_https', value } });
  }
  send(404, refused('no route'));
});
const siteServer = createServer((_, res) => {
  if (siteMode === 'plain') res.writeHead(200, { 'Content-Type': 'text/html' }).end('<h1>home</h1>');
  else {
    const location = siteMode === 'redirect' ? 'https://www.example.test/' : 'http://other.example/';
    res.writeHead(301, { Location: location }).end();
  }
});

const listen = (server: Server) =>
  new Promise<string>((done) =>
    server.listen(0, '127.0.0.1', () => done(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );
let env: Record<string, string>;
beforeAll(async () => {
  const [api, site] = await Promise.all([listen(apiServer), listen(siteServer)]);
  env = {
    SITE_URL: 'https://www.example.test',
    CLOUDFLARE_API_TOKEN: TOKEN,
    CLOUDFLARE_API_BASE_URL: `${api}/client/v4`,
    HTTPS_CHECK_PLAIN_URL: `${site}/`,
  };
});
afterAll(async () => {
  await Promise.all([apiServer, siteServer].map((s) => new Promise((done) => s.close(done))));
});
beforeEach(() => {
  asked.length = 0;
  apiMode = 'on';
  siteMode = 'redirect';
});

async function run(overrides: Record<string, string> = {}) {
  const lines: string[] = [];
  const code = await checkHttps({ ...env, ...overrides }, (line: string) => lines.push(line));
  const output = lines.join('\n');
  expect(output).not.toContain(TOKEN);
  return { code, lines, output };
}

describe('check-https', () => {
  it('passes when the zone has Always Use HTTPS on and http answers with a redirect to https', async () => {
    const { code, lines } = await run();
    expect(code).toBe(0);
    expect(lines).toEqual([
      'Always Use HTTPS is on for the zone example.test: plain http is redirected to https.',
      'http://www.example.test/ answers 301 to https://www.example.test/.',
    ]);
    // The zone is found by walking up the host's labels, with the token as a bearer token.
    expect(asked.map((a) => a.path)).toEqual([
      '/client/v4/zones?name=www.example.test',
      '/client/v4/zones?name=example.test',
      `/client/v4/zones/${ZONE_ID}/settings/always_use_https`,
    ]);
    expect(new Set(asked.map((a) => a.authorization))).toEqual(new Set([`Bearer ${TOKEN}`]));
  });

  it('fails with an error when the setting is off', async () => {
    apiMode = 'off';
    const { code, lines } = await run();
    expect(code).toBe(1);
    expect(lines[0]).toMatch(
      /^::error title=Plain http is not redirected::Always Use HTTPS is "off" on the zone example\.test: http:\/\/www\.example\.test\/ is served without TLS\. Turn it on: Cloudflare dashboard > example\.test > SSL\/TLS > Edge Certificates > Always Use HTTPS/,
    );
  });

  it('fails with an error when http is answered without a redirect to https on the same host', async () => {
    for (const mode of ['plain', 'elsewhere'] as const) {
      siteMode = mode;
      const { code, lines } = await run();
      expect(code).toBe(1);
      expect(lines.at(-1)).toBe(
        mode === 'plain'
          ? '::error title=Plain http is not redirected::http://www.example.test/ answers 200, not a redirect to https://www.example.test/ (docs/deploy.md, "https only").'
          : '::error title=Plain http is not redirected::http://www.example.test/ answers 301 to http://other.example/, not a redirect to https://www.example.test/ (docs/deploy.md, "https only").',
      );
    }
  });

  it('warns and passes when the token cannot read the zone settings', async () => {
    apiMode = 'settings-403';
    const { code, lines } = await run();
    expect(code).toBe(0);
    expect(lines[0]).toBe(
      '::warning title=Always Use HTTPS not checked::The API token cannot read the settings of the zone example.test (HTTP 403: 9109 Unauthorized to access requested resource); give it Zone > Zone Settings: Read (docs/deploy.md, "https only").',
    );
  });

  it('warns and passes when the token cannot list zones, escaping the API message for the annotation', async () => {
    apiMode = 'zones-403';
    const { code, lines } = await run();
    expect(code).toBe(0);
    expect(lines[0]).toContain('(HTTP 403: 9109 Unauthorized to access%0Arequested resource 100%25)');
    expect(lines[0]).toMatch(/^::warning title=Always Use HTTPS not checked::The API token cannot list zones/);
    expect(asked).toHaveLength(1);
  });

  it('warns and passes when no zone holds the host', async () => {
    apiMode = 'no-zone';
    const { code, lines } = await run();
    expect(code).toBe(0);
    expect(lines[0]).toMatch(
      /^::warning title=Always Use HTTPS not checked::No Cloudflare zone found for www\.example\.test \(asked for www\.example\.test, example\.test\)/,
    );
  });

  it('warns without a token or SITE_URL, and refuses a SITE_URL that is not https', async () => {
    const noToken = await run({ CLOUDFLARE_API_TOKEN: '' });
    expect(noToken.code).toBe(0);
    expect(noToken.lines[0]).toMatch(/^::warning title=Always Use HTTPS not checked::No CLOUDFLARE_API_TOKEN/);
    expect(asked).toHaveLength(0);
    const noSite = await run({ SITE_URL: '' });
    expect(noSite.code).toBe(0);
    expect(noSite.lines).toEqual([
      '::warning title=https not checked::SITE_URL is not set (a repository variable): nothing to check.',
    ]);
    const plainSite = await run({ SITE_URL: 'http://www.example.test' });
    expect(plainSite.code).toBe(1);
    expect(plainSite.lines[0]).toBe(
      "::error title=SITE_URL is not https::SITE_URL is http://www.example.test: the site's canonical URLs would be plain http.",
    );
  });
});

describe('zoneCandidates', () => {
  it("walks up the host's labels, never to a single label", () => {
    expect(zoneCandidates('www.shop.example.co.uk')).toEqual([
      'www.shop.example.co.uk',
      'shop.example.co.uk',
      'example.co.uk',
      'co.uk',
    ]);
    expect(zoneCandidates('example.com.')).toEqual(['example.com']);
    expect(zoneCandidates('localhost')).toEqual([]);
  });
});
