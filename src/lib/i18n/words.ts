/** Words found in text of any script. */

/**
 * `words` as a whole word, in any case: not inside a longer word of any script. A letter, a vowel sign or virama
 * (Unicode marks) or a digit on either side makes it part of another word ("पाठ" is not found in "पाठक"). JavaScript's
 * \b knows only Latin letters, so the edges are written out; spaces inside `words` match any run of spaces.
 */
export function wholeWord(words: string): RegExp {
  // Compiled once a word: the checks ask for the same words of every text, and a pattern of Unicode classes is slow
  // to compile. Not global, so a cached pattern keeps no position between texts.
  let pattern = compiled.get(words);
  if (!pattern) {
    pattern = new RegExp(`${BEFORE}${escaped(words)}${AFTER}`, 'iu');
    compiled.set(words, pattern);
  }
  return pattern;
}
const compiled = new Map<string, RegExp>();

/** Any of `spellings` as a whole word, each found in turn (a global pattern): the first that matches at a place wins. */
export function wholeWords(spellings: readonly string[]): RegExp {
  return new RegExp(`${BEFORE}(?:${spellings.map(escaped).join('|')})${AFTER}`, 'giu');
}

const BEFORE = '(?<![\\p{L}\\p{M}\\p{N}])';
const AFTER = '(?![\\p{L}\\p{M}\\p{N}])';
const escaped = (words: string) => words.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s+');
