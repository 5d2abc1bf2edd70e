/**
 * A JSON file the build writes for the Worker (the experiments' manifest and definitions, the owner's settings), read
 * through the assets binding and kept a while per isolate: it changes only with a deploy.
 */
import type { Fetcher } from './platform';

/** How long an isolate keeps a file before it reads it again: a deploy is seen within a minute. */
export const ASSET_JSON_TTL_MS = 60_000;

export type AssetJsonLoader<T> = (assets: Fetcher, now?: () => number) => Promise<T>;

/**
 * A loader of the file at `path` (the binding uses the path only), checked by `parse`; `fallback` when it is missing,
 * not JSON or `parse` throws. The result (or the fallback) is kept `ttlMs`, and requests that arrive while the file is
 * read share that one read. Never throws.
 */
export function assetJsonLoader<T>(
  path: string,
  parse: (value: unknown) => T,
  fallback: () => T,
  ttlMs = ASSET_JSON_TTL_MS,
): AssetJsonLoader<T> {
  const read = async (assets: Fetcher): Promise<T> => {
    try {
      const response = await assets.fetch(new Request(new URL(path, 'https://assets.local')));
      if (!response.ok) return fallback();
      return parse(JSON.parse(await response.text()));
    } catch {
      return fallback();
    }
  };
  let cached: { at: number; value: Promise<T> } | null = null;
  return (assets, now = Date.now) => {
    const at = now();
    if (cached === null || at - cached.at >= ttlMs || at < cached.at) cached = { at, value: read(assets) };
    return cached.value;
  };
}
