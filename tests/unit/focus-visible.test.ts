/**
 * Focus rings show for keyboard focus only: every style of the site (the stylesheets, the components' and islands'
 * classes, the owner's page) styles `:focus-visible`, never plain `:focus`, which also matches the focus a click, a tap
 * or a script gives a control. `:focus-within` (a group holding focus) is left alone.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** A `:focus` selector, in CSS or in a Tailwind arbitrary variant. */
const FOCUS_SELECTOR = /:focus(?![-\w])/g;
/** Tailwind's `focus:` variant in a class list ("focus:outline-none"); not "focus: " in prose or code. */
const FOCUS_VARIANT = /(?<![\w-])focus:(?=[\w[!-])/g;

/** Every file under `dir` whose name ends in one of `extensions`. */
function files(dir: string, extensions: string[]): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && extensions.some((ext) => entry.name.endsWith(ext)))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** Each use of plain focus in `text`, as "line: what". */
export function plainFocus(text: string): string[] {
  return text.split('\n').flatMap((line, i) => {
    const found = [...line.matchAll(FOCUS_SELECTOR), ...line.matchAll(FOCUS_VARIANT)];
    return found.length ? [`${i + 1}: ${line.trim()}`] : [];
  });
}

describe('the focus styles', () => {
  it('find plain focus in CSS and in class lists, and leave focus-visible, focus-within and prose alone', () => {
    expect(plainFocus('main:focus { outline: none; }')).toHaveLength(1);
    expect(plainFocus('<input class="rounded focus:ring-2" />')).toHaveLength(1);
    expect(plainFocus('<a class="sr-only focus:not-sr-only">')).toHaveLength(1);
    expect(plainFocus(':focus-visible { outline: 3px solid; } .group:focus-within .panel {}')).toEqual([]);
    expect(plainFocus('<input class="focus-visible:ring-2" /> // keyboard focus: opens the menu')).toEqual([]);
    expect(plainFocus('focus: focus.optional(),')).toEqual([]);
  });

  it('style keyboard focus only, everywhere in the site', () => {
    const found = files('src', ['.css', '.astro', '.tsx', '.ts']).flatMap((file) =>
      plainFocus(readFileSync(file, 'utf8')).map((use) => `${file}:${use}`),
    );
    expect(found).toEqual([]);
  });
});
