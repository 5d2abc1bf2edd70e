/**
 * The repository whose collaborators with write access are the site's owners, as the build wrote it
 * (OWNER_SETTINGS_PATH in the static assets), read through the assets binding with a small cache.
 */
import { OWNER_SETTINGS_PATH } from '../../src/lib/owner/wire';
import { ASSET_JSON_TTL_MS, assetJsonLoader, type AssetJsonLoader } from '../asset-json';

/** The file changes only with a deploy: read again at most this often per isolate. */
export const SETTINGS_TTL_MS = ASSET_JSON_TTL_MS;

/** `owner/name` as GitHub spells them (src/config/site.ts accepts the same). */
const REPO = /^[\w.-]{1,100}\/[\w.-]{1,100}$/;

/** The repository of a settings file's content, or null when it holds none. Never throws. */
export function parseOwnerSettings(value: unknown): string | null {
  if (typeof value !== 'object' || value === null) return null;
  const { repo } = value as Record<string, unknown>;
  if (typeof repo !== 'string' || !REPO.test(repo)) return null;
  if (repo.split('/').some((part) => part === '.' || part === '..')) return null;
  return repo;
}

export type RepoLoader = AssetJsonLoader<string | null>;

/** A loader with its own cache: the repository (or none) is kept `ttlMs`; concurrent requests share one read. */
export const repoLoader = (ttlMs = SETTINGS_TTL_MS): RepoLoader =>
  assetJsonLoader(OWNER_SETTINGS_PATH, parseOwnerSettings, () => null, ttlMs);

/** The isolate's repository, read at most once per SETTINGS_TTL_MS. Never throws. */
export const loadOwnerRepo: RepoLoader = repoLoader();
