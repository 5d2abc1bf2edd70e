/**
 * The blog's data model and the check of one post as the blog API sends it (spec section 3). Pure TypeScript with no
 * dependencies, so the build-time loader and the browser's runtime fallback apply exactly the same rules.
 */

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
}

export type Checked<T> = { ok: true; value: T } | { ok: false; id: string; field: string; problem: string };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

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

/**
 * One post from `GET /api/v2.0/blogs` or `GET /api/v2.0/blogs/blog/{id}`: `_id`, `name`, `category {_id, name}`,
 * `createdAt`, `author`, `shortDescription`, `description`, `image {value}`. The image is optional (the list shows a
 * "No Image" placeholder); every other field is required. The first field at fault is reported.
 */
export function checkApiPost(raw: unknown, index = 0): Checked<BlogPost> {
  const fallbackId = `#${index}`;
  if (!isRecord(raw)) return { ok: false, id: fallbackId, field: '(post)', problem: 'is not an object' };
  const id = readId(raw._id);
  if (!id) return { ok: false, id: fallbackId, field: '_id', problem: 'is missing' };
  const fail = (field: string, problem: string): Checked<BlogPost> => ({ ok: false, id, field, problem });

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

  let image: BlogImage | null = null;
  if (raw.image !== undefined && raw.image !== null) {
    if (!isRecord(raw.image)) return fail('image', 'must be an object with a value');
    const src = raw.image.value;
    if (src !== undefined && src !== null && typeof src !== 'string') return fail('image.value', 'must be a URL');
    if (nonEmpty(src)) {
      if (!isSafeImageUrl(src)) return fail('image.value', 'must be an http(s) URL');
      image = { src: src.trim(), alt: raw.name.trim() };
    }
  }

  return {
    ok: true,
    value: {
      id,
      name: raw.name.trim(),
      category: { id: categoryId, name: raw.category.name.trim() },
      createdAt: created.toISOString(),
      author: raw.author.trim(),
      shortDescription: raw.shortDescription,
      description: raw.description,
      image,
    },
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

/** Plain text of a rich-text fragment, for meta descriptions and feeds, cut at a word boundary. */
export function plainText(html: string, max = 160): string {
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, '')}…`;
}
