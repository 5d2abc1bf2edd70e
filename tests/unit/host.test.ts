import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { devVarsLine, startHost } from '../../scripts/host.mjs';

// How a value reaches wrangler as a secret: one line of the .dev.vars beside the generated config. That wrangler reads
// each line back unchanged is held by the browser tests of the host's secrets, through the Worker.
describe('devVarsLine', () => {
  it('quotes a value in the first of single quote, backtick and double quote that it does not hold', () => {
    expect(devVarsLine('CRM_TOKEN', 'abc #x $HOME \\n')).toBe("CRM_TOKEN='abc #x $HOME \\n'");
    expect(devVarsLine('CRM_TOKEN', `it's "so"`)).toBe('CRM_TOKEN=`it\'s "so"`');
    expect(devVarsLine('CRM_TOKEN', "it's `so`")).toBe('CRM_TOKEN="it\'s `so`"');
    expect(devVarsLine('EMPTY', '')).toBe("EMPTY=''");
  });

  it('refuses what wrangler would not read back whole, naming the variable and not the value', () => {
    for (const value of ['a\nb', 'a\rb', `'\`"`, "' ` \\n"]) {
      expect(() => devVarsLine('CRM_TOKEN', value)).toThrow(
        'The value of CRM_TOKEN cannot be passed to wrangler: it would not read it back unchanged',
      );
    }
    expect(() => devVarsLine('CRM TOKEN', 'x')).toThrow('Not a variable name: "CRM TOKEN"');
    expect(() => devVarsLine('X=1', 'x')).toThrow('Not a variable name');
  });
});

describe('startHost', () => {
  // The README says `npm start` needs no network. miniflare fetches the Request.cf object from workers.cloudflare.com
  // at each start unless told not to; offline it prints "Unable to fetch the `Request.cf` object" and a DNS error,
  // online it writes what it fetched to its cache (here an empty folder of the test's, MINIFLARE_CACHE_DIR). Either
  // shows the fetch. Vitest sets NODE_ENV=test, under which miniflare skips the fetch by itself: the start here runs
  // without it, as `npm start` does.
  it('starts the runtime without asking the network for the Request.cf object', async () => {
    const site = mkdtempSync(join(tmpdir(), 'host-cf-site-'));
    const cache = mkdtempSync(join(tmpdir(), 'host-cf-cache-'));
    writeFileSync(join(site, '404.html'), '<!doctype html><title>Not found</title>');
    const saved = { NODE_ENV: process.env.NODE_ENV, MINIFLARE_CACHE_DIR: process.env.MINIFLARE_CACHE_DIR };
    delete process.env.NODE_ENV;
    process.env.MINIFLARE_CACHE_DIR = cache;
    let host: Awaited<ReturnType<typeof startHost>> | undefined;
    try {
      host = await startHost({ dir: site });
    } finally {
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
    try {
      expect((await fetch(`${host.origin}/no-such-page`)).status).toBe(404);
      const output = host.output();
      expect(output).toContain('Ready on');
      expect(output).not.toMatch(/Request\.cf|workers\.cloudflare\.com|ENOTFOUND|getaddrinfo/);
      expect(existsSync(join(cache, 'cf.json'))).toBe(false);
    } finally {
      await host.stop();
      rmSync(site, { recursive: true, force: true });
      rmSync(cache, { recursive: true, force: true });
    }
  }, 90_000);
});
