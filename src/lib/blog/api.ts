/**
 * The blog API's three calls (list, categories, one post; unauthenticated GETs) and how the build reads them: a timeout per attempt, two retries with
 * back-off, a check of the `status` flag and `data.data`, and a check of every post. Fetch and sleep are injected so
 * tests can drive every path without waiting.
 */
import {
  checkApiCategory,
  checkApiPost,
  showId,
  unsafeIdReason,
  urlKey,
  type BlogCategory,
  type BlogPost,
} from './post';

export const BLOG_API_PATHS = {
  list: '/api/v2.0/blogs',
  categories: '/api/v2.0/blogs/category',
  detail: (id: string) => `/api/v2.0/blogs/blog/${encodeURIComponent(id)}`,
} as const;

export interface FetchPolicy {
  /** Abort one attempt after this many milliseconds. */
  timeoutMs: number;
  /** Further attempts after the first fails. */
  retries: number;
  /** Wait before retry n (1-based): backoffMs * 2^(n-1). */
  backoffMs: number;
}

export const BUILD_FETCH_POLICY: FetchPolicy = { timeoutMs: 10_000, retries: 2, backoffMs: 500 };

export interface ApiDeps {
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  policy?: FetchPolicy;
  /** Receives one line per skipped item or retried attempt. */
  warn?: (message: string) => void;
}

export class BlogApiError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BlogApiError';
  }
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Joins the configured base (with or without a trailing slash or a path prefix) and an API path. */
export function apiUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}${path}`;
}

async function fetchOnce(url: string, doFetch: typeof fetch, timeoutMs: number): Promise<unknown> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    let response: Response;
    try {
      response = await doFetch(url, { signal: controller.signal, headers: { Accept: 'application/json' } });
    } catch (error) {
      if (controller.signal.aborted) throw new BlogApiError(`no answer within ${timeoutMs} ms`);
      throw new BlogApiError(`could not be reached (${(error as Error).message})`);
    }
    if (response.status !== 200) throw new BlogApiError(`answered HTTP ${response.status}`);
    let text: string;
    try {
      text = await response.text();
    } catch {
      throw new BlogApiError(
        controller.signal.aborted ? `no answer within ${timeoutMs} ms` : 'closed the answer early',
      );
    }
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new BlogApiError('answered with malformed JSON');
    }
  } finally {
    clearTimeout(timer);
  }
}

/**
 * GET a JSON document, retrying failed attempts with exponential back-off. `read` checks the body inside the attempt,
 * so a wrong answer (a false status, a missing list) is retried like a failed request.
 */
export async function fetchJson<T = unknown>(
  url: string,
  deps: ApiDeps = {},
  read: (body: unknown) => T = (body) => body as T,
): Promise<T> {
  const { fetch: doFetch = fetch, sleep = defaultSleep, policy = BUILD_FETCH_POLICY, warn = () => {} } = deps;
  let lastError: BlogApiError | undefined;
  for (let attempt = 0; attempt <= policy.retries; attempt += 1) {
    if (attempt > 0) {
      const wait = policy.backoffMs * 2 ** (attempt - 1);
      warn(`${url} ${lastError?.message}; retry ${attempt} of ${policy.retries} in ${wait} ms`);
      await sleep(wait);
    }
    try {
      return read(await fetchOnce(url, doFetch, policy.timeoutMs));
    } catch (error) {
      lastError = error instanceof BlogApiError ? error : new BlogApiError(String(error));
    }
  }
  throw new BlogApiError(`${url} ${lastError?.message} (after ${policy.retries + 1} attempts)`);
}

/** `{ status: true, data: { data: [...] } }`: the list calls' envelope. */
export function readListEnvelope(body: unknown): unknown[] {
  const envelope = body as { status?: unknown; data?: { data?: unknown } } | null;
  if (!envelope || typeof envelope !== 'object') throw new BlogApiError('answered without a JSON object');
  if (envelope.status !== true && envelope.status !== 'success' && envelope.status !== 200) {
    throw new BlogApiError(`answered with status ${JSON.stringify(envelope.status)}`);
  }
  const list = envelope.data?.data;
  if (!Array.isArray(list)) throw new BlogApiError('answered without a data.data array');
  return list;
}

/**
 * Every valid post. One bad record costs that record only: a post with a field at fault (an id that cannot be a page
 * address among them) is skipped with a warning naming its id and the field, and so is a later post whose id would
 * reach the same page as an earlier one. A post with an unusable image is kept without it, with a warning.
 */
export async function fetchPosts(base: string, deps: ApiDeps = {}): Promise<BlogPost[]> {
  const url = apiUrl(base, BLOG_API_PATHS.list);
  const list = await fetchJson(url, deps, readListEnvelope);
  const posts: BlogPost[] = [];
  const seen = new Map<string, string>();
  list.forEach((raw, index) => {
    const checked = checkApiPost(raw, index);
    if (!checked.ok) {
      deps.warn?.(`Skipped blog post ${checked.id}: field "${checked.field}" ${checked.problem}`);
      return;
    }
    const { value } = checked;
    const earlier = seen.get(urlKey(value.id));
    if (earlier !== undefined) {
      const same =
        earlier === value.id ? 'the id appears twice' : `its page address is the same as ${showId(earlier)}'s`;
      deps.warn?.(`Skipped blog post ${showId(value.id)}: ${same}`);
      return;
    }
    for (const note of checked.notes ?? []) {
      deps.warn?.(`Blog post ${showId(value.id)}: ${note}; it is shown with the "No Image" placeholder`);
    }
    seen.set(urlKey(value.id), value.id);
    posts.push(value);
  });
  return posts;
}

/** Every valid category; an invalid one is skipped with a warning. */
export async function fetchCategories(base: string, deps: ApiDeps = {}): Promise<BlogCategory[]> {
  const url = apiUrl(base, BLOG_API_PATHS.categories);
  const list = await fetchJson(url, deps, readListEnvelope);
  const categories: BlogCategory[] = [];
  list.forEach((raw, index) => {
    const checked = checkApiCategory(raw, index);
    if (checked.ok) categories.push(checked.value);
    else deps.warn?.(`Skipped blog category ${checked.id}: field "${checked.field}" ${checked.problem}`);
  });
  return categories;
}

/**
 * The detail call as the browser makes it: success only on HTTP 200 with a valid post in `data.data`; anything else
 * (another status, missing data, a network failure) is null. An id that could not be a page address of the build is
 * never asked for.
 */
export async function fetchPostDetail(
  base: string,
  id: string,
  doFetch: typeof fetch = fetch,
): Promise<BlogPost | null> {
  if (unsafeIdReason(id)) return null;
  try {
    const response = await doFetch(apiUrl(base, BLOG_API_PATHS.detail(id)), {
      headers: { Accept: 'application/json' },
    });
    if (response.status !== 200) return null;
    const body = (await response.json()) as { data?: { data?: unknown } } | null;
    const checked = checkApiPost(body?.data?.data);
    return checked.ok ? checked.value : null;
  } catch {
    return null;
  }
}
