/** A table of contents read from rendered HTML: the headings of the chosen levels that carry an id, in order. */

export interface TocEntry {
  id: string;
  /** The heading's text, tags removed and character references decoded (to be escaped where it is written). */
  text: string;
  level: number;
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** Decodes the character references Markdown renderers write: the five named ones, &nbsp; and numeric ones. */
export function decodeReferences(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] !== '#') return NAMED[ref.toLowerCase()] ?? whole;
    const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/**
 * The headings of `levels` in `html`, each with its id (the renderer gives every Markdown heading one) and its text.
 * A heading of those levels without an id could not be linked: it fails the build, named by its text.
 */
export function tableOfContents(html: string, levels: number[] = [2]): TocEntry[] {
  const entries: TocEntry[] = [];
  for (const match of html.matchAll(/<h([1-6])(\s[^>]*)?>([\s\S]*?)<\/h\1>/gi)) {
    const level = Number(match[1]);
    if (!levels.includes(level)) continue;
    const text = decodeReferences(match[3]!.replace(/<[^>]*>/g, ''))
      .replace(/\s+/g, ' ')
      .trim();
    const id = /\sid\s*=\s*(?:"([^"]*)"|'([^']*)')/i.exec(match[2] ?? '');
    const value = decodeReferences(id?.[1] ?? id?.[2] ?? '');
    if (!value) throw new Error(`The heading "${text}" has no id: a table of contents cannot link it`);
    entries.push({ id: value, text, level });
  }
  return entries;
}
