import { describe, expect, it } from 'vitest';
import { importTree, staticImports, withModulePreloads } from '../../src/integrations/module-preload';

/** Modules as the bundler writes them (minified), by address. */
const MODULES: Record<string, string> = {
  '/_astro/site.js': 'import{a as e}from"./timings.js";import"./when-shown.js";e();import("./lazy.js");',
  '/_astro/timings.js': 'import{b}from"./shared.js";export const a=()=>b;',
  '/_astro/when-shown.js': 'import{b}from"./shared.js";const s="import(\\"./not-code.js\\")";b(s);',
  '/_astro/shared.js': 'export const b=1;',
  '/_astro/lazy.js': 'import"./lazy-only.js";',
  '/_astro/page.js': 'export*from"./shared.js";import"../outside.js";',
};
const read = async (url: string) => {
  const code = MODULES[url];
  if (code === undefined) throw new Error(`no module ${url}`);
  return code;
};

describe('staticImports', () => {
  it('gives the static imports and re-exports, resolved, never a dynamic import or a string', async () => {
    expect(await staticImports(MODULES['/_astro/site.js']!, '/_astro/site.js')).toEqual([
      '/_astro/timings.js',
      '/_astro/when-shown.js',
    ]);
    expect(await staticImports(MODULES['/_astro/when-shown.js']!, '/_astro/when-shown.js')).toEqual([
      '/_astro/shared.js',
    ]);
    // Outside the build's modules: not named.
    expect(await staticImports(MODULES['/_astro/page.js']!, '/_astro/page.js')).toEqual(['/_astro/shared.js']);
  });
});

describe('importTree', () => {
  it('walks every level, names each module once, and leaves out the scripts themselves', async () => {
    expect(await importTree(['/_astro/site.js'], read)).toEqual([
      '/_astro/timings.js',
      '/_astro/when-shown.js',
      '/_astro/shared.js',
    ]);
    expect(await importTree(['/_astro/site.js', '/_astro/timings.js'], read)).toEqual([
      '/_astro/when-shown.js',
      '/_astro/shared.js',
    ]);
  });
});

describe('withModulePreloads', () => {
  it('puts the links before the first module script', async () => {
    const html =
      '<html><head><script type="application/ld+json">{}</script></head><body><main></main>' +
      '<script type="module" src="/_astro/site.js"></script><script type="module" src="/_astro/page.js"></script>' +
      '</body></html>';
    expect(await withModulePreloads(html, read)).toBe(
      '<html><head><script type="application/ld+json">{}</script></head><body><main></main>' +
        '<link rel="modulepreload" href="/_astro/timings.js"><link rel="modulepreload" href="/_astro/when-shown.js">' +
        '<link rel="modulepreload" href="/_astro/shared.js">' +
        '<script type="module" src="/_astro/site.js"></script><script type="module" src="/_astro/page.js"></script>' +
        '</body></html>',
    );
  });

  it('leaves a page with no module script, or whose scripts import nothing, as it is', async () => {
    const plain = '<p>text</p><script src="/_astro/runtime.js" defer></script>';
    expect(await withModulePreloads(plain, read)).toBe(plain);
    const alone = '<script type="module" src="/_astro/shared.js"></script>';
    expect(await withModulePreloads(alone, read)).toBe(alone);
  });
});
