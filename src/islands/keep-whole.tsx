/**
 * An island's text with its hyphenated compounds kept on one line, as the build keeps every page's
 * (src/lib/compounds.ts): the island renders the same spans on the server and in the browser, so that hydration finds
 * the markup it renders. Plain text without a compound stays a plain string.
 */
import type { ReactNode } from 'react';
import { COMPOUND_CLASS, compoundParts } from '../lib/compounds';

export function keepWhole(text: string): ReactNode {
  const parts = compoundParts(text);
  if (!parts.some((part) => part.compound)) return text;
  return parts.map((part, index) =>
    part.compound ? (
      <span key={index} className={COMPOUND_CLASS}>
        {part.text}
      </span>
    ) : (
      part.text
    ),
  );
}
