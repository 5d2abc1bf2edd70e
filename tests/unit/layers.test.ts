import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The project's own config (eslint.config.js), as `npm run lint` applies it, but for the rules that read types: the
// snippets are files that do not exist, which TypeScript's project service cannot find, and the layer rules need no
// types.
const eslint = new ESLint({ cwd: process.cwd(), overrideConfig: tseslint.configs.disableTypeChecked });

// The first lint loads the config and its plugins (several seconds on a busy machine); the snippets then take ms.
beforeAll(() => eslint.lintText('', { filePath: 'src/lib/example.ts' }), 60_000);

const LAYER_RULES = ['no-restricted-imports', 'no-restricted-syntax'];

/** The layer rules a snippet breaks when it is the file at `filePath` (other rules, such as unused names, aside). */
async function broken(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\n`, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.severity === 2 && LAYER_RULES.includes(message.ruleId ?? ''))
    .map((message) => `${message.ruleId}: ${message.message}`);
}

/** Per folder: a file there, lines it must not hold (with words of the error each gets), and lines it may hold. */
const cases: { folder: string; file: string; forbidden: [code: string, error: string][]; allowed: string[] }[] = [
  {
    folder: 'src/lib',
    file: 'src/lib/blog/example.ts',
    forbidden: [
      ["import { site } from '../../config/site';", 'No src/config here'],
      ["import { readUi } from '../../data/content';", 'No src/data here'],
      ["import { getEntry } from 'astro:content';", 'No astro:* module in src/lib'],
      ["import type { ImageMetadata } from 'astro:assets';", 'No astro:* module in src/lib'],
      ["import { readFile } from 'node:fs/promises';", 'No node:* module in src/lib'],
      ['const mode = import.meta.env.MODE;', 'No import.meta.env here'],
      ["import { CMS_AUTH_ROUTE } from '../../../worker/cms-auth/rules';", 'No worker/ in src/lib'],
      ["import { validateLead } from '../../../worker/leads/intake';", 'No worker/ in src/lib'],
      ["import type { Env } from '../../../worker/platform';", 'No worker/ in src/lib'],
    ],
    allowed: [
      "import { fillSlots } from '../brand';",
      "import { z } from 'astro/zod';",
      "import { CMS_AUTH_ROUTE } from '../cms/auth-wire';",
    ],
  },
  {
    folder: 'src/browser',
    file: 'src/browser/analytics/example.ts',
    forbidden: [
      ["import { site } from '../../config/site';", 'No src/config here'],
      ["import { readUi } from '../../data/content';", 'No src/data here'],
      ["import Header from '../../components/layout/Header.astro';", 'Only src/lib from the browser code'],
      ["import { noInlineScripts } from '../../integrations/no-inline-scripts';", 'Only src/lib from the browser code'],
      ["import { getEntry } from 'astro:content';", 'No astro:* module in the browser code'],
      ["import { readFile } from 'node:fs/promises';", 'No node:* module in the browser code'],
      ['const mode = import.meta.env.MODE;', 'No import.meta.env here'],
    ],
    allowed: [
      "import { EVENTS } from '../../lib/analytics';",
      "import { whenShown } from '../when-shown';",
      "import DOMPurify from 'dompurify';",
    ],
  },
  {
    folder: 'src/islands',
    file: 'src/islands/hooks/example.ts',
    forbidden: [
      ["import { site } from '../../config/site';", 'No src/config here'],
      ["import { readUi } from '../../data/content';", 'No src/data here'],
      ["import type { CollectionEntry } from 'astro:content';", 'No astro:content in islands'],
      ['const mode = import.meta.env.MODE;', 'No import.meta.env here'],
    ],
    allowed: ["import { THANK_YOU_PATH } from '../../lib/routes';"],
  },
  {
    folder: 'src/cms',
    file: 'src/cms/example.ts',
    forbidden: [
      ["import { site } from '../config/site';", 'No src/config here'],
      ["import { readUi } from '../data/content';", 'No src/data here'],
      ["import { getEntry } from 'astro:content';", "No astro:* module in the admin's entry"],
      ['const mode = import.meta.env.MODE;', 'No import.meta.env here'],
    ],
    allowed: ["import CMS from '@sveltia/cms';"],
  },
  {
    folder: 'src/components',
    file: 'src/components/pricing/Example.ts',
    forbidden: [
      ["import { readEntry } from '../../data/content';", 'No src/data here'],
      ["import BaseLayout from '../../layouts/BaseLayout.astro';", 'No src/layouts here'],
      ["import { getCollection } from 'astro:content';", 'No astro:content in components'],
    ],
    allowed: ["import { site } from '../../config/site';", "import { Image } from 'astro:assets';"],
  },
  {
    // The build read the benchmark's made-up authors from the local blog API's script: the build takes nothing from
    // the tooling, in any folder of the site.
    folder: 'src/integrations',
    file: 'src/integrations/example.ts',
    forbidden: [["import { GENERATED_AUTHORS } from '../../scripts/blog-api.mjs';", 'No scripts/ in the site']],
    allowed: ["import { site } from '../config/site';", "import { readUi } from '../data/content';"],
  },
  {
    folder: 'src/lib',
    file: 'src/lib/example.ts',
    forbidden: [["import { createBlogApi } from '../../scripts/blog-api.mjs';", 'No scripts/ in the site']],
    allowed: [],
  },
  {
    folder: 'src/data',
    file: 'src/data/example.ts',
    forbidden: [["import { startHost } from '../../scripts/host.mjs';", 'No scripts/ in the site']],
    allowed: ["import { getCollection } from 'astro:content';"],
  },
  {
    folder: 'worker',
    file: 'worker/example.ts',
    forbidden: [
      ["import { site } from '../src/config/site';", 'Only src/lib from the Worker'],
      ["import { readUi } from '../src/data/content';", 'Only src/lib from the Worker'],
      ["import Header from '../src/components/layout/Header.astro';", 'Only src/lib from the Worker'],
      ["import { getEntry } from 'astro:content';", 'No astro:* module in the Worker'],
    ],
    allowed: [
      "import { validateLead } from '../src/lib/leads/rules';",
      "import { DurableObject } from 'cloudflare:workers';",
    ],
  },
];

describe.each(cases)('lint keeps $folder in its layer', ({ file, forbidden, allowed }) => {
  it.each(forbidden)('refuses %s', async (code, error) => {
    const errors = await broken(code, file);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^no-restricted-(imports|syntax): /);
    expect(errors[0]).toContain(error);
  });
  it.each(allowed)('allows %s', async (code) => {
    expect(await broken(code, file)).toEqual([]);
  });
});

describe('lint reads the imports of .astro files too', () => {
  it('refuses a collection read in a component, allows it in a page', async () => {
    const frontmatter = "---\nimport { readUi } from '../../data/content';\n---\n";
    expect(await broken(frontmatter, 'src/components/ui/Example.astro')).toEqual([
      expect.stringContaining('No src/data here'),
    ]);
    expect(await broken(frontmatter, 'src/pages/blog/example.astro')).toEqual([]);
  });
});
