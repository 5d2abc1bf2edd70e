/**
 * Who holds a GitHub token, and whether they may change the site's repository: GitHub's REST API is asked
 * (`GET /user`, then `GET /repos/{owner}/{repo}` and its `permissions`), with the token the CMS sign-in gave the owner's
 * page. The token goes to GITHUB_API_ORIGIN only, and is kept nowhere: not in the session, not in a log line.
 */
import { providerOrigin } from '../cms-auth/rules';
import { isRecord } from '../../src/lib/json';

/** GITHUB_API_ORIGIN when the variable is unset. */
export const DEFAULT_GITHUB_API_ORIGIN = 'https://api.github.com';
/** GitHub answers in well under a second; past this the owner is told to try again. */
export const GITHUB_TIMEOUT_MS = 10_000;
/** GitHub's API refuses a request without a User-Agent. */
export const USER_AGENT = 'communiti-site-owner';

/** The origin of GitHub's API that GITHUB_API_ORIGIN names, or null (https, or http on 127.0.0.1 for tests). */
export function apiOrigin(value: string | undefined): string | null {
  return providerOrigin(value, DEFAULT_GITHUB_API_ORIGIN);
}

export type Access =
  | { kind: 'writer'; login: string }
  | { kind: 'reader'; login: string }
  | { kind: 'bad-token' }
  | { kind: 'unreachable'; reason: string; status?: number };

type Fetch = (url: string, init: RequestInit) => Promise<Response>;

interface Answer {
  status: number;
  body: unknown;
  /** GitHub's rate limit, not the user's rights, refused it. */
  limited: boolean;
}

async function get(fetch: Fetch, url: string, token: string): Promise<Answer | null> {
  try {
    const answer = await fetch(url, {
      method: 'GET',
      headers: {
        Authorization: `Bearer ${token}`,
        Accept: 'application/vnd.github+json',
        'X-GitHub-Api-Version': '2022-11-28',
        'User-Agent': USER_AGENT,
      },
      // A renamed repository answers a redirect: not followed, so the token goes nowhere else.
      redirect: 'manual',
      signal: AbortSignal.timeout(GITHUB_TIMEOUT_MS),
    });
    let body: unknown = null;
    try {
      body = await answer.json();
    } catch {
      // Not JSON: read as no answer below.
    }
    const limited =
      answer.status === 429 || (answer.status === 403 && answer.headers.get('x-ratelimit-remaining') === '0');
    return { status: answer.status, body, limited };
  } catch {
    return null;
  }
}

/** Whether the `permissions` of a repository let its user change it: push, maintain or admin. */
export function canWrite(permissions: unknown): boolean {
  if (!isRecord(permissions)) return false;
  return permissions.push === true || permissions.maintain === true || permissions.admin === true;
}

/** What GitHub says of `token` and the repository `repo` (`owner/name`). Never throws. */
export async function checkAccess(input: {
  origin: string;
  token: string;
  repo: string;
  fetch: Fetch;
}): Promise<Access> {
  const { origin, token, fetch } = input;
  const user = await get(fetch, `${origin}/user`, token);
  if (user === null) return { kind: 'unreachable', reason: 'no answer to GET /user' };
  if (user.status === 401) return { kind: 'bad-token' };
  const login = isRecord(user.body) ? user.body.login : undefined;
  if (user.status !== 200 || typeof login !== 'string' || !login) {
    return { kind: 'unreachable', reason: 'GET /user did not name a user', status: user.status };
  }

  const path = input.repo.split('/').map(encodeURIComponent).join('/');
  const repo = await get(fetch, `${origin}/repos/${path}`, token);
  if (repo === null) return { kind: 'unreachable', reason: 'no answer to GET /repos' };
  if (repo.status === 401) return { kind: 'bad-token' };
  if (repo.limited) return { kind: 'unreachable', reason: 'rate-limited', status: repo.status };
  // Not found (a private repository the user cannot see), forbidden or moved: this user cannot change it.
  if ([301, 302, 307, 308, 403, 404].includes(repo.status)) return { kind: 'reader', login };
  if (repo.status !== 200 || !isRecord(repo.body)) {
    return { kind: 'unreachable', reason: 'GET /repos did not describe the repository', status: repo.status };
  }
  return canWrite(repo.body.permissions) ? { kind: 'writer', login } : { kind: 'reader', login };
}
