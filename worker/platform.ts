/**
 * The Worker's environment (wrangler.jsonc) and the part of each Cloudflare binding it uses, typed here so that the
 * code and its unit tests need no platform type package.
 */
import type { LeadRateLimiterApi } from './leads/rate-limiter';

export interface D1Result<T> {
  results: T[];
  meta: { changes: number };
}
export interface D1PreparedStatement {
  bind(...values: unknown[]): D1PreparedStatement;
  run<T = Record<string, unknown>>(): Promise<D1Result<T>>;
  all<T = Record<string, unknown>>(): Promise<D1Result<T>>;
  first<T = Record<string, unknown>>(): Promise<T | null>;
}
export interface D1Database {
  prepare(sql: string): D1PreparedStatement;
  batch(statements: D1PreparedStatement[]): Promise<D1Result<unknown>[]>;
}

/** A request's context: work that runs on after the answer is sent. */
export interface ExecutionContext {
  waitUntil(promise: Promise<unknown>): void;
}

/** What a queue message carries: the id of the lead to deliver. The lead itself stays in D1. */
export interface LeadMessage {
  id: string;
}
export interface Queue<T> {
  send(body: T): Promise<void>;
  sendBatch(messages: { body: T }[]): Promise<void>;
}
export interface QueueMessage<T> {
  body: T;
  ack(): void;
  retry(options?: { delaySeconds?: number }): void;
}
export interface MessageBatch<T> {
  messages: readonly QueueMessage<T>[];
}

export interface DurableObjectId {
  toString(): string;
}
export interface DurableObjectNamespace<T> {
  idFromName(name: string): DurableObjectId;
  get(id: DurableObjectId): T;
}

/** The static assets binding (wrangler.jsonc `assets.binding`): dist, as a visitor gets it, `_headers` included. */
export interface Fetcher {
  fetch(request: Request): Promise<Response>;
}

export interface ScheduledController {
  scheduledTime: number;
  cron: string;
}

export interface Env {
  /** The built site (dist): the Worker serves the 404 page from it. */
  ASSETS: Fetcher;
  /** The lead table, the ledger of used nonces, the publish records and the owner's ended sessions (migrations/). */
  LEADS_DB: D1Database;
  /** One message per lead to deliver. */
  LEAD_QUEUE: Queue<LeadMessage>;
  /** One counter per client: an IPv4 address, or an IPv6 /64 (rateLimitKey in worker/leads/outbox.ts). */
  LEAD_RATE_LIMITER: DurableObjectNamespace<LeadRateLimiterApi>;
  /** Base URL of the CRM: leads go to {CRM_HOST}/api/leads. A secret. */
  CRM_HOST?: string;
  /** Sent to the CRM as the `authtoken` header. A secret. */
  CRM_TOKEN?: string;
  /** Seconds before the first retry (default 30). */
  LEAD_RETRY_BASE_S?: string;
  /** Seconds a pending lead may sit untouched before the sweep sends it again (default 600). */
  LEAD_SWEEP_AFTER_S?: string;
  /** The GitHub OAuth app's client id, for the CMS sign-in (/api/cms-auth). A secret. */
  GITHUB_CLIENT_ID?: string;
  /** The GitHub OAuth app's client secret: sent to GITHUB_ORIGIN only, never in an answer or a log. A secret. */
  GITHUB_CLIENT_SECRET?: string;
  /** Where GitHub is, as an origin (default https://github.com; http only on 127.0.0.1/localhost, for tests). */
  GITHUB_ORIGIN?: string;
  /**
   * Where GitHub's REST API is, for the owner's sign-in (/api/owner): the user's token goes there (default
   * https://api.github.com; http only on 127.0.0.1/localhost, for tests).
   */
  GITHUB_API_ORIGIN?: string;
}
