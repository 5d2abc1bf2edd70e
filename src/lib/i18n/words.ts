/** Words found in text of any script. */

/**
 * `words` as a whole word, in any case: not inside a longer word of any script. A letter, a vowel sign or virama
 * (Unicode marks) or a digit on either side makes it part of another word ("पाठ" is not found in "पाठक"). JavaScript's
 * \b knows only Latin letters, so the edges are written out; spaces inside `words` match any run of spaces.
 */
export function wholeWord(words: string): RegExp {
  const escaped = words.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s+');
  return new RegExp(`(?<![\\p{L}\\p{M}\\p{N}])${escaped}(?![\\p{L}\\p{M}\\p{N}])`, 'iu');
}
