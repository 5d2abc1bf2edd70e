/**
 * A new owner configures the site through `.env.example` (locally) and repository variables (the deploy workflow). A
 * variable the site reads but either list lacks is a setting that silently keeps its default in production: the old
 * support address, analytics off. The variables are read from the source of src/config/site.ts, the one reader of
 * the environment.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const file = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');

/** Every NAME in read('NAME', ...), readUrl('NAME', ...) and the like, and in the lists of names site.ts reads. */
function variablesRead(source: string): string[] {
  const names = new Set<string>();
  for (const match of source.matchAll(/\bread[A-Za-z]*\(\s*'([A-Z][A-Z0-9_]+)'/g)) names.add(match[1]!);
  for (const match of source.matchAll(/'((?:PUBLIC_|SITE_|BLOG_)[A-Z0-9_]+)'/g)) names.add(match[1]!);
  return [...names].sort();
}

const read = variablesRead(file('src/config/site.ts'));
const example = file('.env.example');
const workflow = file('.github/workflows/deploy.yml');
const buildStep = workflow.indexOf('- name: Build with the production configuration');
const build = workflow.slice(buildStep, workflow.indexOf('- name:', buildStep + 1));

describe('every variable the site reads', () => {
  it('is found in the source (the list is not empty and holds the ones an owner sets first)', () => {
    expect(read.length).toBeGreaterThan(20);
    for (const name of ['SITE_URL', 'PUBLIC_BRAND_NAME', 'PUBLIC_SUPPORT_EMAIL', 'PUBLIC_ANALYTICS_ENDPOINT']) {
      expect(read).toContain(name);
    }
  });

  it.each(read)('%s is listed in .env.example', (name) => {
    expect(example).toMatch(new RegExp(`^#? ?${name}=`, 'm'));
  });

  it.each(read)('%s is passed to the production build by the deploy workflow', (name) => {
    expect(build).toMatch(new RegExp(`^\\s+${name}: `, 'm'));
  });

  it('the production build stops without SITE_URL, which makes it a public site that states its company', () => {
    expect(build).toContain('npm run build');
    expect(build).toMatch(/: "\$\{SITE_URL:\?set the SITE_URL repository variable\}"\n\s+npm run build/);
  });
});

/**
 * The Worker's settings (worker/platform.ts, `NAME?: string` in Env) are listed in .dev.vars.example, and each reaches
 * production either as a plain var of wrangler.jsonc or as a secret the deploy workflow puts: a setting in neither
 * keeps its default (or leaves its feature off) in production without anyone noticing.
 */
const workerSettings = [...file('worker/platform.ts').matchAll(/^\s+([A-Z][A-Z0-9_]+)\?: string;/gm)]
  .map((match) => match[1]!)
  .sort();
const devVarsExample = file('.dev.vars.example');
const wrangler = file('wrangler.jsonc');
const wranglerVars = wrangler.slice(
  wrangler.indexOf('"vars": {'),
  wrangler.indexOf('}', wrangler.indexOf('"vars": {')),
);

describe("every setting of the site's Worker", () => {
  it('is found in worker/platform.ts (the list holds the CRM and the CMS sign-in settings)', () => {
    for (const name of ['CRM_HOST', 'CRM_TOKEN', 'GITHUB_CLIENT_ID', 'GITHUB_CLIENT_SECRET', 'GITHUB_ORIGIN']) {
      expect(workerSettings).toContain(name);
    }
  });

  it.each(workerSettings)('%s is listed in .dev.vars.example', (name) => {
    expect(devVarsExample).toMatch(new RegExp(`^#? ?${name}=`, 'm'));
  });

  it.each(workerSettings)('%s is a var of wrangler.jsonc or a secret the deploy workflow puts', (name) => {
    const isVar = new RegExp(`^\\s+"${name}": `, 'm').test(wranglerVars);
    const isSecret = new RegExp(`wrangler secret put ${name}$`, 'm').test(workflow);
    expect(isVar || isSecret).toBe(true);
  });
});
