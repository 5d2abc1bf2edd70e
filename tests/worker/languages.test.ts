/**
 * The Hindi edition as a visitor and a search engine get it from the Worker and its static assets: each page in its
 * language (`lang`), its canonical URL, its alternates in every language it is in (reciprocal, absolute, English the
 * default), the link to the same page in the other language, the same alternates in the sitemap, none for a page in
 * one language, and the Hindi 404 page for an unknown path under /hi.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRuntime, type Runtime } from './runtime';

let site: Runtime;

beforeAll(async () => {
  site = await startRuntime({ dir: 'dist' });
});

afterAll(() => site?.stop());

const request = (path: string) => fetch(`${site.origin}${path}`, { redirect: 'manual' });
const page = async (path: string) => {
  const response = await request(path);
  expect(response.status, path).toBe(200);
  return response.text();
};

/** The site's origin as its pages write their absolute URLs: the English home's canonical. */
const origin = (html: string) => new URL(/<link rel="canonical" href="([^"]+)"/.exec(html)![1]!).origin;

/** Every `<link rel="alternate" hreflang>` of a page: hreflang to URL. */
const alternates = (html: string) =>
  Object.fromEntries(
    [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)"/g)].map(([, lang, href]) => [
      lang,
      href,
    ]),
  );

/** The links to another language: each with its href, hreflang, lang and the text a screen reader reads. */
const languageLinks = (html: string) =>
  [...html.matchAll(/<a href="([^"]*)" hreflang="([^"]+)" lang="([^"]+)"[^>]*>([\s\S]*?)<\/a>/g)].map(
    ([, href, hreflang, lang, inner]) => ({ href, hreflang, lang, text: inner!.replace(/<[^>]*>/g, '').trim() }),
  );

const hindi = (file: string) => JSON.parse(readFileSync(`src/content/${file}`, 'utf8')) as Record<string, unknown>;

describe('a page and its Hindi translation', () => {
  it('each in its language, with its own canonical URL and the same reciprocal alternates, English the default', async () => {
    const [english, translated] = await Promise.all([page('/pricing'), page('/hi/pricing')]);
    const base = origin(english);
    expect(english).toMatch(/<html lang="en"/);
    expect(translated).toMatch(/<html lang="hi"/);
    expect(english).toContain(`<link rel="canonical" href="${base}/pricing">`);
    expect(translated).toContain(`<link rel="canonical" href="${base}/hi/pricing">`);
    const expected = { 'en-IN': `${base}/pricing`, 'hi-IN': `${base}/hi/pricing`, 'x-default': `${base}/pricing` };
    expect(alternates(english)).toEqual(expected);
    expect(alternates(translated)).toEqual(expected);
    expect(english).toContain('<meta property="og:locale" content="en_IN">');
    expect(translated).toContain('<meta property="og:locale" content="hi_IN">');
  });

  it('the home pages too: "/" and "/hi"', async () => {
    const [english, translated] = await Promise.all([page('/'), page('/hi')]);
    const base = origin(english);
    const expected = { 'en-IN': `${base}/`, 'hi-IN': `${base}/hi`, 'x-default': `${base}/` };
    expect(alternates(english)).toEqual(expected);
    expect(alternates(translated)).toEqual(expected);
  });

  it('header and footer link to the same page in the other language, by its own name, never to its home', async () => {
    const ui = hindi('ui/hi/ui.json');
    const [before, after] = String(ui.languageLink).split('{language}');
    for (const [path, other, hreflang, lang, name] of [
      ['/member-management', '/hi/member-management', 'hi-IN', 'hi', 'हिन्दी'],
      ['/hi/member-management', '/member-management', 'en-IN', 'en', 'English'],
    ] as const) {
      const links = languageLinks(await page(path));
      // The desktop header, the phone's menu and the footer.
      expect(links, path).toHaveLength(3);
      for (const link of links) {
        expect(link, path).toMatchObject({ href: other, hreflang, lang });
        expect(link.text, path).toContain(name);
      }
      if (path.startsWith('/hi/')) expect(links[0]!.text).toBe(`${before}${name}${after}`.replace(/\s+/g, ' ').trim());
    }
  });

  it('a Hindi page links the other pages in Hindi where they are, and the notice at collection to its section', async () => {
    const home = await page('/hi');
    expect(home).toContain('href="/hi/pricing"');
    expect(home).not.toMatch(/href="\/pricing"(?! hreflang)/);
    // The notice's privacy link lands on the rights it names, on the Hindi privacy page.
    const notice = /href="(\/hi\/privacy-policy#[^"]+)"/.exec(home)?.[1];
    expect(notice).toBe('/hi/privacy-policy#your-privacy-rights');
    const policy = await page('/hi/privacy-policy');
    const heading = /<h2 id="your-privacy-rights"[^>]*>([^<]+)<\/h2>/.exec(policy)?.[1];
    expect(heading).toBe('आपके प्राइवेसी अधिकार');
    // And the English notice on its English section, under the same id.
    expect(await page('/privacy-policy')).toMatch(/<h2 id="your-privacy-rights">Your Privacy Rights<\/h2>/);
  });

  it('dates with Hindi month names on a Hindi page', async () => {
    // The legal pages' "last updated" is 2024-03-20 in both languages (src/content/legal/privacy-policy.md).
    expect(await page('/privacy-policy')).toContain('>March 20, 2024</time>');
    expect(await page('/hi/privacy-policy')).toContain('>20 मार्च 2024</time>');
  });
});

describe('a page in one language', () => {
  it('has no alternates and no language link: the regional price list stays English, with no Hindi URL', async () => {
    const html = await page('/mr/pricing');
    expect(alternates(html)).toEqual({});
    expect(languageLinks(html)).toEqual([]);
    expect((await request('/hi/mr/pricing')).status).toBe(404);
  });

  it('an alias has no Hindi URL', async () => {
    expect((await request('/Yoga')).status).toBe(200);
    expect((await request('/hi/Yoga')).status).toBe(404);
    expect((await request('/hi/ai-Web-builder')).status).toBe(404);
  });
});

describe('the sitemap', () => {
  it('lists each version of a translated page with the same alternates as the page, and none for a page in one language', async () => {
    const xml = await (await request('/sitemap-0.xml')).text();
    const entry = (loc: string) => new RegExp(`<url><loc>${loc}</loc>(.*?)</url>`).exec(xml)?.[1];
    const links = (loc: string) =>
      Object.fromEntries(
        [...(entry(loc) ?? '').matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g)].map(
          ([, lang, href]) => [lang, href],
        ),
      );
    const base = origin(await page('/pricing'));
    const expected = { 'en-IN': `${base}/pricing`, 'hi-IN': `${base}/hi/pricing`, 'x-default': `${base}/pricing` };
    expect(links(`${base}/pricing`)).toEqual(expected);
    expect(links(`${base}/hi/pricing`)).toEqual(expected);
    expect(entry(`${base}/hi/blogs`)).toBeDefined();
    // Not for search engines in any language.
    expect(entry(`${base}/hi/thank-you`)).toBeUndefined();
    expect(entry(`${base}/hi/404`)).toBeUndefined();
  });
});

describe('the Hindi 404 page', () => {
  it('answers a path with no file under /hi, with status 404; any other path gets the English one', async () => {
    const heading = String(hindi('pages/hi/not-found.json').heading);
    for (const path of ['/hi/nothere', '/hi/Pricing', '/hi/blog/nothere']) {
      const response = await request(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('Cache-Control'), path).toBe('no-store');
      const html = await response.text();
      expect(html, path).toMatch(/<html lang="hi"/);
      expect(html, path).toContain(heading);
    }
    const english = await request('/hindi-nothere');
    expect(english.status).toBe(404);
    expect(await english.text()).toContain('Page not found');
  });
});
