/** The sanitising policy at build time: DOMPurify over one jsdom window, created on first use. */
import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';
import { createSanitizer, type Sanitizer } from './sanitize';

let sanitizer: Sanitizer | undefined;

export function serverSanitizer(): Sanitizer {
  if (!sanitizer) {
    const { window } = new JSDOM('<!doctype html><html><body></body></html>');
    sanitizer = createSanitizer(createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]));
  }
  return sanitizer;
}
