import { vi } from 'vitest';

/**
 * The site configuration as src/config/site.ts reads it from `env`: each variable stubbed, the module loaded afresh.
 * Callers undo the stubs with `vi.unstubAllEnvs()` and `vi.resetModules()` after each test.
 */
export async function siteWith(env: Record<string, string>) {
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  vi.resetModules();
  return (await import('../../src/config/site')).site;
}
