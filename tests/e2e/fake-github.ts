/**
 * A stand-in for GitHub's OAuth endpoints on 127.0.0.1, for the CMS sign-in's tests (the Worker's GITHUB_ORIGIN):
 * - GET /login/oauth/authorize sends the browser straight back to `redirect_uri` with a code and the same `state`, as
 *   GitHub does once the editor has allowed the app;
 * - POST /login/oauth/access_token checks the client id, the client secret and the code, and answers a token, or an
 *   error that repeats the secret (to prove the Worker never passes it on) when told to fail.
 * It records every request it receives.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeGithubRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  form: Record<string, string>;
  headers: Record<string, string | string[] | undefined>;
}

export interface FakeGithub {
  /** http://127.0.0.1:{port}: the Worker's GITHUB_ORIGIN. */
  origin: string;
  requests: FakeGithubRequest[];
  /** The token requests only. */
  tokenRequests(): FakeGithubRequest[];
  /** 'ok': a token for the right credentials and code; 'error': an error whose description holds the secret. */
  answer(mode: 'ok' | 'error'): void;
  reset(): void;
  close(): Promise<void>;
}

export async function startFakeGithub(options: {
  clientId: string;
  clientSecret: string;
  code: string;
  token: string;
}): Promise<FakeGithub> {
  let mode: 'ok' | 'error' = 'ok';
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
    reset() {
      requests.length = 0;
      mode = 'ok';
    },
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
