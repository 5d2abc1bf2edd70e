/**
 * A stand-in for the CRM on 127.0.0.1, for the lead path's tests: it records every request it receives (method, path,
 * headers, form fields) and answers as the test tells it: 200, 500, 503, or never (the delivery's timeout). It can be
 * closed and opened again on the same port, to be unreachable in between.
 */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface CrmRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The body as sent. */
  raw: string;
  /** The form fields of the body. */
  form: Record<string, string>;
}

export type CrmAnswer = 'ok' | 'error' | 'unavailable' | 'hang';

export interface FakeCrm {
  /** http://127.0.0.1:{port}: the Worker's CRM_HOST. */
  url: string;
  /** Every request received since the last reset, in order. */
  requests: CrmRequest[];
  answer(mode: CrmAnswer): void;
  /** Forgets the requests and answers 200 again. */
  reset(): void;
  /** Stops listening: the port refuses connections until open() is called. */
  close(): Promise<void>;
  /** Listens again on the same port (nothing to do when it listens). */
  open(): Promise<void>;
}

export async function startFakeCrm(): Promise<FakeCrm> {
  let mode: CrmAnswer = 'ok';
  const requests: CrmRequest[] = [];
  const held = new Set<ServerResponse>();
  const server = createServer(async (req, res) => {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    requests.push({
      method: req.method ?? '',
      path: req.url ?? '',
      headers: req.headers,
      raw,
      form: Object.fromEntries(new URLSearchParams(raw)),
    });
    if (mode === 'hang') {
      held.add(res);
      return;
    }
    const status = mode === 'ok' ? 200 : mode === 'unavailable' ? 503 : 500;
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(mode === 'ok' ? '{"status":true,"message":"Lead added"}' : '{"status":false,"message":"CRM is down"}');
  });
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve((server.address() as AddressInfo).port);
      });
    });
  const port = await listen(0);

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    answer(next) {
      mode = next;
    },
    reset() {
      requests.length = 0;
      mode = 'ok';
      for (const res of held) res.destroy();
      held.clear();
    },
    close() {
      for (const res of held) res.destroy();
      held.clear();
      return new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
    async open() {
      if (!server.listening) await listen(port);
    },
  };
}
