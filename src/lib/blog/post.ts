/**
 * The blog's data model and the check of one post as the blog API sends it (id, name, content, image, category, dates). Pure TypeScript with no
 * packages, so the build-time loader and the browser's runtime fallback apply exactly the same rules.
 */
import { isRecord } from '../json';

export interface BlogCategory {
  id: string;
  name: string;
}

export interface BlogImage {
  src: string;
  alt: string;
}

/** A post as the pages render it (rich text not yet sanitised: see ./sanitize). */
export interface BlogPost {
  id: string;
  name: string;
  category: BlogCategory;
  /** ISO 8601 timestamp. */
  createdAt: string;
  author: string;
  shortDescription: string;
  description: string;
  image: BlogImage | null;
  /** An embedded post written in another language: the id of the English post it translates, if it translates one. */
  translationOf?: string;
}

/** A checked item: its value (with notes on what was dropped from it), or the first field at fault. */
export type Checked<T> =
  { ok: true; value: T; notes?: string[] } | { ok: false; id: string; field: string; problem: string };

const nonEmpty = (value: unknown): value is string => typeof value === 'string' && value.trim().length > 0;

/** Ids come as strings (Mongo ObjectIds) or, from some services, numbers. */
function readId(value: unknown): string | null {
  if (nonEmpty(value)) return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

/** One category from `GET /api/v2.0/blogs/category` (`_id`, `name`). */
export function checkApiCategory(raw: unknown, index = 0): Checked<BlogCategory> {
  const fallbackId = `#${index}`;
  if (!isRecord(raw)) return { ok: false, id: fallbackId, field: '(category)', problem: 'is not an object' };
  const id = readId(raw._id);
  if (!id) return { ok: false, id: fallbackId, field: '_id', problem: 'is missing' };
  if (!nonEmpty(raw.name)) return { ok: false, id, field: 'name', problem: 'must be a non-empty string' };
  return { ok: true, value: { id, name: raw.name.trim() } };
}

/** The longest post id that can become a URL segment and a file name. */
export const MAX_ID_LENGTH = 200;

/**
 * Why an id cannot be a URL segment of /blog/{id}, or null when it can. An id becomes a path segment and a file name
 * in dist/blog/, so it must not be empty, "." or ".." (or "index", a folder's own page), hold a path separator, a
 * character that ends or escapes the path (`?`, `#`, `%`), or a control character, and must stay short enough for any
 * file system.
 */
export function unsafeIdReason(id: string): string | null {
  if (id.length === 0) return 'is empty';
  if (id === '.' || id === '..') return `is "${id}", which names a folder`;
  if (id.toLowerCase() === 'index') return 'is "index", the name of a folder\'s own page';
  if (id.length > MAX_ID_LENGTH) return `is longer than ${MAX_ID_LENGTH} characters`;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f-\u009f]/.test(id)) return 'holds a control character';
  const bad = /[/\\?#%]/.exec(id);
  if (bad) return `holds "${bad[0]}", which is not allowed in a URL segment`;
  return null;
}

/**
 * The key under which two ids would reach the same page: the same letters in another case or another Unicode
 * normalisation form are the same file on a case-insensitive file system or host, so they count as one URL.
 */
export function urlKey(id: string): string {
  return id.normalize('NFC').toLowerCase();
}

/** A post id written into a log line: control characters made visible, long ids cut. */
export function showId(id: string): string {
  const visible = JSON.stringify(id).replace(/[\u007f-\u009f]/g, (c) => `\\u${c.charCodeAt(0).toString(16)}`);
  return visible.length > 80 ? `${visible.slice(0, 77)}..."` : visible;
}

/** The web address of an image, or the reason it is not one (then the post shows the "No Image" placeholder). */
function readImage(raw: unknown): { src: string | null; note?: string } {
  if (raw === undefined || raw === null) return { src: null };
  if (!isRecord(raw)) return { src: null, note: 'field "image" is not an object with a value' };
  const value = raw.value;
  if (value === undefined || value === null || value === '') return { src: null };
  if (typeof value !== 'string') return { src: null, note: 'field "image.value" is not a string' };
  if (!value.trim()) return { src: null };
  if (!isSafeImageUrl(value)) return { src: null, note: 'field "image.value" is not an http(s) URL' };
  return { src: value.trim() };
}

/**
 * One post from `GET /api/v2.0/blogs` or `GET /api/v2.0/blogs/blog/{id}`: `_id`, `name`, `category {_id, name}`,
 * `createdAt`, `author`, `shortDescription`, `description`, `image {value}`. The first field at fault is reported; the
 * post is then skipped. The image is optional: a missing or unusable one keeps the post with the "No Image"
 * placeholder, and an unusable one is reported in `notes`.
 */
export function checkApiPost(raw: unknown, index = 0): Checked<BlogPost> {
  const fallbackId = `#${index}`;
  if (!isRecord(raw)) return { ok: false, id: fallbackId, field: '(post)', problem: 'is not an object' };
  const id = readId(raw._id);
  if (!id) return { ok: false, id: fallbackId, field: '_id', problem: 'is missing' };
  const fail = (field: string, problem: string): Checked<BlogPost> => ({ ok: false, id: showId(id), field, problem });

  const unsafe = unsafeIdReason(id);
  if (unsafe) return fail('_id', `${unsafe}, so it cannot be a page address`);
  if (!nonEmpty(raw.name)) return fail('name', 'must be a non-empty string');
  if (!isRecord(raw.category)) return fail('category', 'must be an object with _id and name');
  const categoryId = readId(raw.category._id);
  if (!categoryId) return fail('category._id', 'is missing');
  if (!nonEmpty(raw.category.name)) return fail('category.name', 'must be a non-empty string');
  if (typeof raw.createdAt !== 'string' && typeof raw.createdAt !== 'number') return fail('createdAt', 'is missing');
  const created = new Date(raw.createdAt);
  if (Number.isNaN(created.getTime())) return fail('createdAt', 'is not a date');
  if (!nonEmpty(raw.author)) return fail('author', 'must be a non-empty string');
  if (typeof raw.shortDescription !== 'string') return fail('shortDescription', 'must be a string');
  if (!nonEmpty(raw.description)) return fail('description', 'must be a non-empty string');

  const name = raw.name.trim();
  const image = readImage(raw.image);
  return {
    ok: true,
    value: {
      id,
      name,
      category: { id: categoryId, name: raw.category.name.trim() },
      createdAt: created.toISOString(),
      author: raw.author.trim(),
      shortDescription: raw.shortDescription,
      description: raw.description,
      image: image.src ? { src: image.src, alt: name } : null,
    },
    ...(image.note ? { notes: [image.note] } : {}),
  };
}

/** Only web images: an image URL from the API never becomes a `javascript:` or `data:` source. */
export function isSafeImageUrl(value: string): boolean {
  const trimmed = value.trim();
  if (trimmed.startsWith('/') && !trimmed.startsWith('//')) return true;
  try {
    const url = new URL(trimmed);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** "01", "02" ... "09", "10", "11": the list numbers its entries, zero-padded below 10. */
export function entryNumber(position: number): string {
  return String(position).padStart(2, '0');
}

/** Newest first; ties keep the API's order. */
export function byNewest<T extends { createdAt: string | Date }>(a: T, b: T): number {
  return new Date(b.createdAt).getTime() - new Date(a.createdAt).getTime();
}

/**
 * Plain text cut to `max` characters at a word boundary, with an ellipsis when cut. The input is text (see
 * Sanitizer.text), never markup: the result is escaped wherever it is printed.
 */
export function truncateText(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, '')}…`;
}
