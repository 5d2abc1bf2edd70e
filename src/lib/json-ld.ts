/**
 * The one serialiser for JSON-LD blocks (`<script type="application/ld+json">`). Values come from content and from the
 * blog API, so the text must never end the script element early or be read as markup: `<`, `>` and `&` are written as
 * JSON unicode escapes, and so are U+2028 and U+2029 (line terminators in older JavaScript parsers). The result parses
 * back to exactly the same data.
 */
const ESCAPES: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

export function serializeJsonLd(data: unknown): string {
  const json = JSON.stringify(data);
  if (json === undefined) throw new TypeError('JSON-LD data must be serialisable to JSON');
  return json.replace(/[<>&\u2028\u2029]/g, (char) => ESCAPES[char] ?? char);
}
