#!/usr/bin/env node
// `npm run test:pseudo`: the proof that every word a visitor reads comes from content or the labels. It builds the site
// in the pseudo-locale alone (PSEUDO_LOCALE_BUILD: every page under /qps, every word of its content and labels
// accented and bracketed, "⟦ƁōōĶ ā Đēɱō⟧") into its own folder, then reads every page of it as a visitor and a screen
// reader do: the text of the document (the head's title included, scripts and styles not) and the attributes that are
// read out or shown (alt, title, aria-label, placeholder, a button's value, the description). A word in plain Latin
// letters there is English written into code, and fails the check with its page and where it sits. The only plain
// words allowed are the owner's settings the build was given (a brand, a company's name, an address, an email): they
// are the owner's, in no language.
//   node scripts/check-pseudo.mjs            build, then check
//   node scripts/check-pseudo.mjs --no-build check the last build
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parse } from 'parse5';
import { htmlFiles, routeOf } from '../src/integrations/dist-pages.mjs';
import { NEW_OWNER } from '../tests/settings.mjs';

const OUT = resolve('dist-pseudo');
const PREFIX = '/qps';

/** Elements whose text no one reads. */
const UNREAD = new Set(['script', 'style', 'template']);

/** Attributes a visitor sees or a screen reader reads out. */
const READ_ATTRIBUTES = ['alt', 'title', 'aria-label', 'aria-description', 'aria-roledescription', 'placeholder'];

/** Meta tags whose content a visitor reads (in a search result, a shared link's card). */
const READ_META = /^(description|og:title|og:description|og:image:alt|twitter:title|twitter:description)$/;

/**
 * The owner's settings, each as a page shows it whole.
 * @returns {Set<string>}
 */
function ownerValues() {
  return new Set(Object.values(NEW_OWNER));
}

/**
 * The texts of a page a visitor reads, each with where it sits ("h1", "img[alt]").
 * @param {string} html
 * @returns {{ where: string, text: string }[]}
 */
export function readTexts(html) {
  /** @type {{ where: string, text: string }[]} */
  const texts = [];
  /** @param {any} node @param {string} parent */
  const walk = (node, parent) => {
    if (node.nodeName === '#text') {
      if (node.value.trim()) texts.push({ where: parent, text: node.value });
      return;
    }
    if (UNREAD.has(node.nodeName)) return;
    const attrs = Object.fromEntries((node.attrs ?? []).map((/** @type {any} */ a) => [a.name, a.value]));
    // A drawn picture of the product (an inline SVG with role img) is read by its name; the words drawn in it are the
    // product's own screens, as a screenshot's are, not the page's copy.
    if (node.nodeName === 'svg' && attrs.role === 'img') {
      texts.push({ where: 'svg[aria-label]', text: attrs['aria-label'] ?? '' });
      return;
    }
    for (const name of READ_ATTRIBUTES) {
      if (attrs[name]?.trim()) texts.push({ where: `${node.nodeName}[${name}]`, text: attrs[name] });
    }
    if (node.nodeName === 'input' && /^(submit|button|reset)$/.test(attrs.type ?? '') && attrs.value) {
      texts.push({ where: 'input[value]', text: attrs.value });
    }
    if (node.nodeName === 'meta' && READ_META.test(attrs.name ?? attrs.property ?? '')) {
      texts.push({ where: `meta[${attrs.name ?? attrs.property}]`, text: attrs.content ?? '' });
    }
    for (const child of node.content?.childNodes ?? node.childNodes ?? []) walk(child, node.nodeName ?? parent);
  };
  // Parsed as a browser without scripts does, so that a noscript's content is elements, not text.
  walk(parse(html, { scriptingEnabled: false }), '');
  return texts;
}

/** A web or email address shown as text ("sukhayoga.in", "app.sangha.example/admin"): the same in every language. */
const ADDRESS = /^(https?:\/\/)?([\w.+-]+@)?[a-z0-9-]+(\.[a-z0-9-]+)+(\/\S*)?$/;

/**
 * The words of `text` in plain Latin letters that are not the owner's: text written into code, not content.
 * @param {string} text
 * @param {Set<string>} allowed
 * @returns {string[]}
 */
export function unmarkedWords(text, allowed) {
  let rest = text;
  // The owner's values whole, the longest first: "Sangha Labs Private Limited" is one setting, whatever its words.
  for (const value of [...allowed].sort((a, b) => b.length - a.length)) rest = rest.split(value).join(' ');
  return (rest.match(/[^\s]*[A-Za-z][^\s]*/g) ?? []).filter((word) => !ADDRESS.test(word.replace(/[.,;:)]+$/, '')));
}

const isMain = process.argv[1] && resolve(process.argv[1]) === resolve(new URL(import.meta.url).pathname);
if (isMain) {
  if (!process.argv.includes('--no-build')) {
    const build = spawnSync('npm', ['run', '--silent', 'build', '--', '--outDir', OUT], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, ...NEW_OWNER, PSEUDO_LOCALE_BUILD: 'true', ASTRO_TELEMETRY_DISABLED: '1' },
    });
    if (build.status !== 0) {
      console.error('The pseudo-locale build failed.');
      process.exit(1);
    }
  }
  const allowed = ownerValues();
  const pages = htmlFiles(OUT)
    .map((file) => ({ file, path: routeOf(file, OUT) }))
    .filter(({ path }) => path === PREFIX || path.startsWith(`${PREFIX}/`));
  const found = [];
  let texts = 0;
  for (const { file, path } of pages) {
    for (const { where, text } of readTexts(readFileSync(file, 'utf8'))) {
      texts += 1;
      const words = unmarkedWords(text, allowed);
      if (words.length) found.push(`${path} ${where}: ${words.join(' ')}   in "${text.trim().slice(0, 100)}"`);
    }
  }
  if (pages.length === 0) {
    console.error(`No page under ${PREFIX} in ${OUT}: the pseudo-locale build made none.`);
    process.exit(1);
  }
  if (found.length) {
    console.error(`${found.length} text(s) of the pseudo-locale's ${pages.length} pages hold words no content gave:`);
    for (const line of found) console.error(`  ${line}`);
    process.exit(1);
  }
  console.log(
    `Every word of ${texts} texts on ${pages.length} pseudo-locale pages is marked: none is written into code.`,
  );
}
