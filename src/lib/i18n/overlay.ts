/**
 * A translation is an overlay on its English entry: it holds the words, and everything that is no language (prices,
 * ids, icons, paths, pictures, dates, numbers, links, plan membership) is read from the English entry alone. A
 * translation that sets such a field to another value, adds a field the English lacks, or changes a list's length is
 * refused with its file and the field at fault, so that every number lives in one place.
 */

/**
 * Fields whose text is no language when it is one word (no space): ids, addresses, pictures, icons, the names of
 * kinds and settings. A sentence under one of these names ("Page {page}") is words.
 */
const NOT_LANGUAGE = new Set([
  'id',
  'to',
  'href',
  'links',
  'src',
  'logo',
  'photo',
  'image',
  'icon',
  'kind',
  'group',
  'look',
  'defaultPeriod',
  'status',
  'goal',
  'field',
  'when',
  'plan',
  'period',
  'page',
  'deadline',
]);

/** A text that is an address or a date, not language (a path is known by its field: "/year" is words). */
const CODE_VALUE = /^(https?:|mailto:|tel:|\d{4}-\d\d-\d\d)/;

/** A field of a translation that the overlay refuses: the file, the field's path and why. */
export class OverlayError extends Error {
  constructor(file: string, field: string, why: string) {
    super(`${file}: ${field || '(the whole file)'} ${why}`);
    this.name = 'OverlayError';
  }
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);

/** A picture the content layer resolved from a path (its address, size and format): the English entry's, always. */
const isResolvedPicture = (value: unknown) =>
  (typeof value === 'object' || typeof value === 'function') && value !== null && 'src' in value && 'format' in value;

const fieldOf = (path: string, key: string | number) =>
  typeof key === 'number' ? `${path}[${key}]` : path ? `${path}.${key}` : key;

/**
 * `english` (an entry's data as the content layer parsed it) with the words of `translation` (the translation's file
 * as written) in place of its own. `file` names the translation in the errors.
 */
export function overlay<T>(english: T, translation: unknown, file: string): T {
  return walk(english, translation, file, '', '') as T;
}

/**
 * Whether an English text is words a reader reads (not an id, an address, a date, or nothing): what a translation
 * gives, and what the pseudo-locale marks.
 */
export const isWords = (english: string, key: string) =>
  english.trim() !== '' && !(NOT_LANGUAGE.has(key) && /^\S+$/.test(english)) && !CODE_VALUE.test(english);

/** Whether `english` holds any words a translation would have to give. */
function holdsWords(english: unknown, key: string): boolean {
  if (typeof english === 'string') return isWords(english, key);
  if (Array.isArray(english)) return english.some((item) => holdsWords(item, key));
  if (isPlainObject(english) && !isResolvedPicture(english)) {
    return Object.entries(english).some(([k, value]) => holdsWords(value, k));
  }
  return false;
}

function walk(english: unknown, translation: unknown, file: string, path: string, key: string): unknown {
  // A translation gives every word of its entry: a text it leaves out would show in English on its page.
  if (translation === undefined) {
    if (holdsWords(english, key)) throw new OverlayError(file, path, 'is not translated: the English would show');
    return english;
  }
  if (isResolvedPicture(english)) return english;
  if (english instanceof Date) {
    const same = typeof translation === 'string' || translation instanceof Date;
    if (!same || new Date(translation).getTime() !== english.getTime()) {
      throw new OverlayError(file, path, `is a date: a translation keeps the English ${english.toISOString()}`);
    }
    return english;
  }
  if (typeof english === 'string') {
    if (typeof translation !== 'string') throw new OverlayError(file, path, 'must be text, as in English');
    if (english.trim() && !isWords(english, key)) {
      if (translation !== english) {
        throw new OverlayError(file, path, `is no language: a translation keeps the English "${english}"`);
      }
      return english;
    }
    if (english.trim() && !translation.trim()) throw new OverlayError(file, path, 'is empty; the English is not');
    return translation;
  }
  if (Array.isArray(english)) {
    if (!Array.isArray(translation) || translation.length !== english.length) {
      throw new OverlayError(file, path, `must be a list of ${english.length}, as in English`);
    }
    return english.map((item, i) => {
      const other = translation[i] as unknown;
      if (isPlainObject(item) && 'id' in item && isPlainObject(other) && 'id' in other && other.id !== item.id) {
        throw new OverlayError(
          file,
          fieldOf(path, i),
          `is "${String(other.id)}"; the English has "${String(item.id)}" here`,
        );
      }
      return walk(item, other, file, fieldOf(path, i), key);
    });
  }
  if (isPlainObject(english)) {
    if (!isPlainObject(translation)) throw new OverlayError(file, path, 'must be an object, as in English');
    const extra = Object.keys(translation).find((k) => !(k in english));
    if (extra !== undefined) throw new OverlayError(file, fieldOf(path, extra), 'is no field of the English entry');
    return Object.fromEntries(
      Object.entries(english).map(([k, value]) => [k, walk(value, translation[k], file, fieldOf(path, k), k)]),
    );
  }
  if (translation !== english) {
    throw new OverlayError(file, path, `is no language: a translation keeps the English ${JSON.stringify(english)}`);
  }
  return english;
}
