#!/usr/bin/env node
// Serves dist/ the way a static host (Netlify, Cloudflare Pages) does: clean URLs, case-sensitive paths, 404.html for
// unknown paths, `_redirects` rules and `_headers` headers. Used by `npm start`, `npm run preview` and the tests.
//   node scripts/serve.mjs [--port 4321] [--host 127.0.0.1] [--dir dist]
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { createReadStream, existsSync, readFileSync } from 'node:fs';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: process.env.PORT ?? '4321' },
    host: { type: 'string', default: '127.0.0.1' },
    dir: { type: 'string', default: 'dist' },
  },
});
const root = resolve(values.dir);
if (!existsSync(join(root, 'index.html')) && !existsSync(join(root, '404.html'))) {
  console.error(`No built site in ${root}: run "npm run build" first.`);
  process.exit(1);
}

const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
};

/** `_headers`: a path pattern line (`/*`, `/_astro/*`) followed by indented `Name: value` lines. */
export function parseHeaders(text) {
  const rules = [];
  let current = null;
  for (const raw of text.split('\n')) {
    if (!raw.trim() || raw.trim().startsWith('#')) continue;
    if (!/^\s/.test(raw)) {
      current = { pattern: raw.trim(), headers: [] };
      rules.push(current);
    } else if (current) {
      const i = raw.indexOf(':');
      if (i > 0) current.headers.push([raw.slice(0, i).trim(), raw.slice(i + 1).trim()]);
    }
  }
  return rules;
}

/** `_redirects`: `from to [status]` per line; a trailing `*` in `from` matches the rest, `:splat` in `to` receives it. */
export function parseRedirects(text) {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [from, to, status = '301'] = line.split(/\s+/);
      return { from, to, status: Number.parseInt(status, 10) };
    });
}

export function matches(pattern, path) {
  if (pattern.endsWith('*')) return path.startsWith(pattern.slice(0, -1));
  return pattern === path || pattern === path.replace(/\/$/, '');
}

const readOptional = (name) => (existsSync(join(root, name)) ? readFileSync(join(root, name), 'utf8') : '');
const headerRules = parseHeaders(readOptional('_headers'));
const redirectRules = parseRedirects(readOptional('_redirects'));

async function isFile(path) {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/** The file for a URL path, matched case-sensitively as a Linux host would. */
async function resolveFile(pathname) {
  const clean = normalize(decodeURIComponent(pathname)).replace(/^(\.\.[/\\])+/, '');
  const base = join(root, clean);
  if (!base.startsWith(root + sep) && base !== root) return null;
  const candidates = pathname.endsWith('/')
    ? [join(base, 'index.html')]
    : [base, `${base}.html`, join(base, 'index.html')];
  for (const candidate of candidates) if (await isFile(candidate)) return candidate;
  return null;
}

function applyHeaders(res, pathname) {
  // The default of Cloudflare Pages and Netlify: revalidate on every visit, unless a rule says otherwise.
  res.setHeader('Cache-Control', 'public, max-age=0, must-revalidate');
  for (const rule of headerRules) {
    if (matches(rule.pattern, pathname)) for (const [name, value] of rule.headers) res.setHeader(name, value);
  }
}

const server = createServer(async (req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  let pathname = url.pathname;

  for (const rule of redirectRules) {
    if (!matches(rule.from, pathname)) continue;
    const splat = rule.from.endsWith('*') ? pathname.slice(rule.from.length - 1) : '';
    const target = rule.to.replace(':splat', splat);
    if (rule.status === 200) {
      pathname = target;
      break;
    }
    res.writeHead(rule.status, { Location: target + url.search });
    res.end();
    return;
  }

  let file = await resolveFile(pathname);
  let status = 200;
  // A directory asked for without its slash: serve its index, as clean-URL hosts do.
  if (!file) {
    file = join(root, '404.html');
    status = 404;
    if (!(await isFile(file))) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Not found');
      return;
    }
  }
  applyHeaders(res, pathname);
  res.setHeader('Content-Type', types[extname(file)] ?? 'application/octet-stream');
  if (req.method === 'HEAD') {
    res.writeHead(status);
    res.end();
    return;
  }
  if (status === 404) {
    res.writeHead(status);
    res.end(await readFile(file));
    return;
  }
  res.writeHead(status);
  createReadStream(file).pipe(res);
});

server.listen(Number(values.port), values.host, () => {
  console.log(`Serving ${root} at http://${values.host}:${values.port}/`);
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)));
