/**
 * The sanitising policy at build time: DOMPurify over a jsdom window, created on first use and replaced after
 * CALLS_PER_WINDOW calls.
 *
 * Why replaced: every sanitize() parses into a new jsdom Document, and up to jsdom 27 each new Document's selector
 * engine added 9 capture listeners to the window that were never removed. jsdom scans a type's listeners before
 * adding one, so with one window for the whole build each call was slower than the last (quadratic in the number of
 * posts). jsdom 29 creates the selector engine lazily; a fresh window every few hundred calls (about 12 ms each) keeps
 * the cost bounded whatever a later jsdom does.
 */
import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';
import { createSanitizer, type Sanitizer } from '../../lib/blog/sanitize';

export const CALLS_PER_WINDOW = 250;

let current: { sanitizer: Sanitizer; close: () => void; calls: number } | undefined;

function withWindow<T>(run: (sanitizer: Sanitizer) => T): T {
  if (current && current.calls >= CALLS_PER_WINDOW) {
    current.close();
    current = undefined;
  }
  if (!current) {
    const { window } = new JSDOM('<!doctype html><html><body></body></html>');
    current = {
      sanitizer: createSanitizer(createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0])),
      close: () => window.close(),
      calls: 0,
    };
  }
  current.calls += 1;
  return run(current.sanitizer);
}

const sanitizer: Sanitizer = {
  rich: (html) => withWindow((s) => s.rich(html)),
  short: (html) => withWindow((s) => s.short(html)),
  text: (html) => withWindow((s) => s.text(html)),
};

export function serverSanitizer(): Sanitizer {
  return sanitizer;
}
