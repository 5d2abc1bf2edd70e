/**
 * The part of the Workers runtime's `cloudflare:workers` module this Worker uses (the runtime provides the module; the
 * build never bundles it).
 */
declare module 'cloudflare:workers' {
  export interface DurableObjectStorage {
    get<T>(key: string): Promise<T | undefined>;
    put<T>(key: string, value: T): Promise<void>;
    deleteAll(): Promise<void>;
    setAlarm(scheduledTime: number): Promise<void>;
  }
  export interface DurableObjectState {
    storage: DurableObjectStorage;
  }
  export abstract class DurableObject<Env = unknown> {
    protected ctx: DurableObjectState;
    protected env: Env;
    constructor(ctx: DurableObjectState, env: Env);
  }
}

/** An element as the HTML rewriter hands it, as far as the Worker uses it. */
interface HTMLRewriterElement {
  remove(): void;
  getAttribute(name: string): string | null;
  setAttribute(name: string, value: string): void;
}

/** The runtime's streaming HTML rewriter, as far as the Worker uses it (it removes or changes elements of a page). */
declare class HTMLRewriter {
  on(selector: string, handlers: { element?: (element: HTMLRewriterElement) => void }): HTMLRewriter;
  transform(response: Response): Response;
}
