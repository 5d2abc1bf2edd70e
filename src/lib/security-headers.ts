/**
 * Builds the `_headers` file (the format Cloudflare Workers static assets, Cloudflare Pages and Netlify read): security headers and a strict
 * Content-Security-Policy for every path, long immutable caching for hashed assets. Pages keep the hosts' default
 * `Cache-Control: public, max-age=0, must-revalidate`.
 *
 * Scripts run only from the site's own files (`script-src 'self'`) and, by its hash, the one inline script the project
 * writes into its pages (the brand font gate's): the build moves Astro's island runtime into files and refuses any
 * other inline script (noInlineScripts), so nothing in the policy depends on what the pages' content holds.
 *
 * Only the pages that run the blog search (`searchPages`) may compile WebAssembly (`'wasm-unsafe-eval'`, for
 * Pagefind): their rules detach the site-wide policy and set that one instead. Every other page's policy lacks it.
 *
 * Every HTML page also names the speculation rules (src/lib/speculation.ts) in a `Speculation-Rules` header; the
 * files that are not pages detach it (`! Speculation-Rules`), and the rules file itself gets its media type.
 *
 * The Worker's answers, which `_headers` does not reach, get API_SECURITY_HEADERS (withSecurityHeaders), with the same
 * HSTS.
 */
import { SPECULATION_RULES_PATH, SPECULATION_RULES_TYPE } from './speculation';

export interface HeadersInput {
  /** Origins the browser may call: the email service, the blog API... Empty entries are ignored. */
  connectOrigins: string[];
  /** Origins images may come from besides the site and any https: host (the blog API, which may serve http). */
  imageOrigins?: string[];
  /**
   * Paths of what is not a page (`/favicon.svg`, a folder as `/media/*`), which get no `Speculation-Rules` header:
   * the file names the build writes outside the pages, never a page's own path.
   */
  notPages?: string[];
  /** Rule paths of the pages that run the blog search (`/blogs`, `/blogs/*`): only they may compile WebAssembly. */
  searchPages?: string[];
  /** Rule path of the content admin (`/cms/*`): its own policy, see adminContentSecurityPolicy. */
  adminPath?: string;
  /** Rule path of the owner's page (`/owner/*`): its own policy, see ownerContentSecurityPolicy. */
  ownerPath?: string;
  /** Hashes (`sha256-...`) of the inline scripts the project writes into its pages: the brand font gate's. */
  scriptHashes?: string[];
}

/**
 * The content admin's policy (/cms/, Sveltia CMS): its scripts, fonts and icons are the site's own files; it reads
 * and writes the checked-out files through `blob:` and `data:` URLs in local mode, and talks to GitHub's API when an
 * editor signs in with GitHub; an editor's avatar comes from GitHub. Inline styles
 * are the editor's own; the preview is a `blob:` frame. No other host, no eval.
 */
export function adminContentSecurityPolicy(): string {
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'"],
    ['style-src', "'self'", "'unsafe-inline'"],
    ['img-src', "'self'", 'data:', 'blob:', 'https://avatars.githubusercontent.com'],
    ['font-src', "'self'"],
    ['media-src', "'self'", 'blob:'],
    ['connect-src', "'self'", 'data:', 'blob:', 'https://api.github.com'],
    // The preview pane: a frame the admin writes from the entry being edited.
    ['frame-src', 'blob:'],
    ['frame-ancestors', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['object-src', "'none'"],
    ['worker-src', "'self'"],
  ];
  return directives.map((d) => d.join(' ')).join('; ');
}

/**
 * The owner's page's policy (/owner/): its script and stylesheet are the site's own files, it talks to the site's own
 * API only, and nothing inline runs or styles it (its charts are SVG elements styled by class). No other host.
 */
export function ownerContentSecurityPolicy(): string {
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'"],
    ['style-src', "'self'"],
    ['img-src', "'self'", 'data:'],
    ['connect-src', "'self'"],
    ['frame-ancestors', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['object-src', "'none'"],
  ];
  return directives.map((d) => d.join(' ')).join('; ');
}

/** HSTS, of the pages (`_headers`) and of the Worker's answers (API_SECURITY_HEADERS) alike: two years, subdomains. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=63072000; includeSubDomains';

/**
 * The headers of every answer the Worker makes (/api/*, the 404 page), which `_headers` never reaches: what fits an
 * API, whose answers are data, never a page to show, frame or follow a link from.
 */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Strict-Transport-Security': STRICT_TRANSPORT_SECURITY,
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
};

/**
 * `response` with each of API_SECURITY_HEADERS it does not set itself. An answer that sets one keeps its own: the CMS
 * sign-in pages their hash-only policy, the 404 page the site's page headers.
 */
export function withSecurityHeaders(response: Response): Response {
  const missing = Object.entries(API_SECURITY_HEADERS).filter(([name]) => !response.headers.has(name));
  if (missing.length === 0) return response;
  // A copy: the headers of a response from fetch() or a binding cannot be changed.
  const out = new Response(response.body, response);
  for (const [name, value] of missing) out.headers.set(name, value);
  return out;
}

/** What a header rule's path may hold: a file or folder name the build writes, with at most a trailing splat. */
const RULE_PATH = /^\/[\w.-]+(?:\/[\w.-]+)*(?:\/\*)?$/;
/** Cloudflare reads at most 100 rules from a `_headers` file. */
const MAX_RULES = 100;

export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'usb=()',
  'fullscreen=(self)',
].join(', ');

function origins(urls: string[]): string[] {
  const out = new Set<string>();
  for (const url of urls) {
    if (!url) continue;
    out.add(new URL(url).origin);
  }
  return [...out].sort();
}

/**
 * The policy of every page; with `wasm`, the one of the pages that run the blog search: 'wasm-unsafe-eval' lets
 * Pagefind (served from the site) compile its WebAssembly, and allows no JavaScript eval and no inline script.
 */
export function contentSecurityPolicy(input: HeadersInput, { wasm = false }: { wasm?: boolean } = {}): string {
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    [
      'script-src',
      "'self'",
      ...(input.scriptHashes ?? []).map((hash) => `'${hash}'`),
      ...(wasm ? ["'wasm-unsafe-eval'"] : []),
    ],
    ['style-src', "'self'", "'unsafe-inline'"],
    // Blog images come from wherever the blog API stores them.
    [
      'img-src',
      "'self'",
      'data:',
      'https:',
      ...origins(input.imageOrigins ?? []).filter((o) => !o.startsWith('https:')),
    ],
    ['font-src', "'self'"],
    ['media-src', "'self'"],
    ['connect-src', "'self'", ...origins(input.connectOrigins)],
    ['frame-src', "'none'"],
    ['frame-ancestors', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['object-src', "'none'"],
    ['manifest-src', "'self'"],
    ['worker-src', "'none'"],
  ];
  return directives.map((d) => d.join(' ')).join('; ');
}

export function buildHeadersFile(input: HeadersInput): string {
  const detach = '  ! Speculation-Rules';
  const rules = new Map<string, string[]>([
    // Hashed build assets never change under the same name. (Pages keep the default: revalidate on every visit.)
    ['/_astro/*', ['  Cache-Control: public, max-age=31536000, immutable', detach]],
    [SPECULATION_RULES_PATH, [`  Content-Type: ${SPECULATION_RULES_TYPE}`, detach]],
  ]);
  for (const path of input.notPages ?? []) {
    if (!RULE_PATH.test(path)) throw new Error(`Not a path a header rule can hold: ${JSON.stringify(path)}`);
    if (!rules.has(path)) rules.set(path, [detach]);
  }
  for (const path of input.searchPages ?? []) {
    if (!RULE_PATH.test(path)) throw new Error(`Not a path a header rule can hold: ${JSON.stringify(path)}`);
    rules.set(path, [
      '  ! Content-Security-Policy',
      `  Content-Security-Policy: ${contentSecurityPolicy(input, { wasm: true })}`,
    ]);
  }
  if (input.adminPath) {
    if (!RULE_PATH.test(input.adminPath)) throw new Error(`Not a path a header rule can hold: ${input.adminPath}`);
    rules.set(input.adminPath, [
      '  ! Content-Security-Policy',
      `  Content-Security-Policy: ${adminContentSecurityPolicy()}`,
      // The GitHub sign-in window must be able to hand the token back to the admin that opened it.
      '  ! Cross-Origin-Opener-Policy',
      '  Cross-Origin-Opener-Policy: same-origin-allow-popups',
      '  X-Robots-Tag: noindex, nofollow',
      detach,
    ]);
  }
  if (input.ownerPath) {
    if (!RULE_PATH.test(input.ownerPath)) throw new Error(`Not a path a header rule can hold: ${input.ownerPath}`);
    rules.set(input.ownerPath, [
      '  ! Content-Security-Policy',
      `  Content-Security-Policy: ${ownerContentSecurityPolicy()}`,
      // The GitHub sign-in window must be able to hand the token back to the page that opened it.
      '  ! Cross-Origin-Opener-Policy',
      '  Cross-Origin-Opener-Policy: same-origin-allow-popups',
      '  X-Robots-Tag: noindex, nofollow',
      // Never kept: a page showing contacts is not restored from the back-forward cache after signing out.
      '  Cache-Control: no-store',
      detach,
    ]);
  }
  if (rules.size + 1 > MAX_RULES) throw new Error(`${rules.size + 1} header rules: hosts read at most ${MAX_RULES}`);
  const lines = [
    '# Generated at build time from the site configuration (src/integrations/headers-file.ts). Do not edit.',
    '# Every path gets the security headers and names the speculation rules; what is not a page drops the latter, and',
    '# the pages of the blog search swap the policy for one that lets them compile WebAssembly.',
    '/*',
    `  Content-Security-Policy: ${contentSecurityPolicy(input)}`,
    '  X-Content-Type-Options: nosniff',
    '  X-Frame-Options: DENY',
    '  Referrer-Policy: strict-origin-when-cross-origin',
    `  Permissions-Policy: ${PERMISSIONS_POLICY}`,
    '  Cross-Origin-Opener-Policy: same-origin',
    `  Strict-Transport-Security: ${STRICT_TRANSPORT_SECURITY}`,
    `  Speculation-Rules: "${SPECULATION_RULES_PATH}"`,
    ...[...rules].flatMap(([path, headers]) => ['', path, ...headers]),
  ];
  return lines.join('\n') + '\n';
}
