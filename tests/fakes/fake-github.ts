/**
 * A stand-in for GitHub on 127.0.0.1, for the CMS sign-in's and the owner's tests (the Worker's GITHUB_ORIGIN and
 * GITHUB_API_ORIGIN alike):
 * - GET /login/oauth/authorize sends the browser straight back to `redirect_uri` with a code and the same `state`, as
 *   GitHub does once the editor has allowed the app;
 * - POST /login/oauth/access_token checks the client id, the client secret and the code, and answers a token, or an
 *   error that repeats the secret (to prove the Worker never passes it on) when told to fail;
 * - GET /user and GET /repos/:owner/:repo answer per token (`Authorization: Bearer <token>`) from a map token ->
 *   user: the login, and the permissions on the repository (null: a repository the user cannot see, 404); 401 for a
 *   token the map does not hold.
 * It records every request it receives.
 */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeGithubRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  form: Record<string, string>;
  headers: Record<string, string | string[] | undefined>;
}

/** A user of the fake, by token. */
export interface FakeGithubUser {
  login: string;
  /** GitHub's `permissions` of the repository for this user; null: the repository is hidden from them (404). */
  permissions: { admin?: boolean; maintain?: boolean; push?: boolean; triage?: boolean; pull?: boolean } | null;
}

export interface FakeGithub {
  /** http://127.0.0.1:{port}: the Worker's GITHUB_ORIGIN. */
  origin: string;
  requests: FakeGithubRequest[];
  /** The token requests only. */
  tokenRequests(): FakeGithubRequest[];
  /** 'ok': a token for the right credentials and code; 'error': an error whose description holds the secret. */
  answer(mode: 'ok' | 'error'): void;
  /** Replaces the users of GET /user and GET /repos (the token of the OAuth flow among them, or not). */
  users(map: Record<string, FakeGithubUser>): void;
  /** The requests to GitHub's REST API (/user, /repos/...). */
  apiRequests(): FakeGithubRequest[];
  reset(): void;
  close(): Promise<void>;
}

export async function startFakeGithub(options: {
  clientId: string;
  clientSecret: string;
  code: string;
  token: string;
  /** The one repository (`owner/name`) the fake knows; others answer 404. Default: any. */
  repo?: string;
  /** The users by token. Default: the OAuth flow's token is `octo-editor`, who may push. */
  users?: Record<string, FakeGithubUser>;
}): Promise<FakeGithub> {
  let mode: 'ok' | 'error' = 'ok';
  const defaultUsers = (): Record<string, FakeGithubUser> =>
    options.users ?? { [options.token]: { login: 'octo-editor', permissions: { push: true, pull: true } } };
  let users = defaultUsers();
  const userOf = (authorization: string | undefined) => {
    const match = /^(?:Bearer|token) (.+)$/.exec(authorization ?? '');
    return match && Object.hasOwn(users, match[1]!) ? users[match[1]!]! : null;
  };
  const answerJson = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  };
  const requests: FakeGithubRequest[] = [];
  const server = createServer(async (req, res) => {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const record: FakeGithubRequest = {
      method: req.method ?? '',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      form: Object.fromEntries(new URLSearchParams(raw)),
      headers: req.headers,
    };
    requests.push(record);

    if (req.method === 'GET' && url.pathname === '/login/oauth/authorize') {
      const back = new URL(record.query.redirect_uri ?? '');
      back.searchParams.set('code', options.code);
      back.searchParams.set('state', record.query.state ?? '');
      res.writeHead(302, { Location: back.toString() });
      res.end();
      return;
    }
    if (req.method === 'POST' && url.pathname === '/login/oauth/access_token') {
      const { client_id: id, client_secret: secret, code } = record.form;
      res.writeHead(200, { 'Content-Type': 'application/json' });
      if (mode === 'error') {
        res.end(
          JSON.stringify({
            error: 'incorrect_client_credentials',
            error_description: `The client_id and/or client_secret passed are incorrect: ${secret}`,
          }),
        );
      } else if (id !== options.clientId || secret !== options.clientSecret) {
        res.end(JSON.stringify({ error: 'incorrect_client_credentials' }));
      } else if (code !== options.code) {
        res.end(JSON.stringify({ error: 'bad_verification_code' }));
      } else {
        res.end(JSON.stringify({ access_token: options.token, token_type: 'bearer', scope: 'repo' }));
      }
      return;
    }
    const repoPath = /^\/repos\/([^/]+)\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && (url.pathname === '/user' || repoPath)) {
      const user = userOf(req.headers.authorization);
      if (!user) return answerJson(res, 401, { message: 'Bad credentials', status: '401' });
      if (!repoPath) return answerJson(res, 200, { login: user.login, id: 1, type: 'User' });
      const fullName = `${decodeURIComponent(repoPath[1]!)}/${decodeURIComponent(repoPath[2]!)}`;
      if ((options.repo !== undefined && fullName !== options.repo) || user.permissions === null) {
        return answerJson(res, 404, { message: 'Not Found', status: '404' });
      }
      return answerJson(res, 200, {
        full_name: fullName,
        private: true,
        permissions: { admin: false, maintain: false, push: false, triage: false, pull: true, ...user.permissions },
      });
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    tokenRequests: () => requests.filter((r) => r.path === '/login/oauth/access_token'),
    answer(next) {
      mode = next;
    },
    users(map) {
      users = map;
    },
    apiRequests: () => requests.filter((r) => r.path === '/user' || r.path.startsWith('/repos/')),
    reset() {
      requests.length = 0;
      mode = 'ok';
      users = defaultUsers();
    },
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
