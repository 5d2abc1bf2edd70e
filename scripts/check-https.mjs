#!/usr/bin/env node
// After a deploy: is plain http sent to https? Nothing in the site does it: static files are answered before the
// Worker runs, so it is the zone's "Always Use HTTPS" setting (docs/deploy.md, "https only"). This finds the zone of
// SITE_URL's host through the Cloudflare API (GET /zones?name=..., from the full host up to the registrable name),
// reads /zones/{id}/settings/always_use_https, then asks http://{host}/ on the live site and expects a redirect to
// https on the same host. It prints GitHub Actions annotations:
//   ::error::    the setting is off, or http is answered without a redirect to https, or SITE_URL is not https
//                (exit 1: the step fails);
//   ::warning::  no token, the token cannot list the zone or read its settings, no zone found, the site unreachable
//                (exit 0: the deploy is done, a person looks).
//   SITE_URL=https://www.example.com CLOUDFLARE_API_TOKEN=... node scripts/check-https.mjs
// CLOUDFLARE_API_BASE_URL (default https://api.cloudflare.com/client/v4) and HTTPS_CHECK_PLAIN_URL (default
// http://{host}/) point it elsewhere: its tests use local servers.
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const API = 'https://api.cloudflare.com/client/v4';
const TIMEOUT_MS = 15_000;
const DOCS = 'docs/deploy.md, "https only"';

/**
 * `value?.[key]` for a value of any type: the field of an object, else undefined.
 * @param {unknown} value
 * @param {string} key
 */
const field = (value, key) =>
  typeof value === 'object' && value !== null ? /** @type {Record<string, unknown>} */ (value)[key] : undefined;

/**
 * A workflow command's message, escaped as GitHub reads it (a line break would end the command).
 * @param {unknown} text
 */
const escapeData = (text) => String(text).replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');

/**
 * The names a zone of `host` can have, longest first: www.shop.example.co.uk, shop.example.co.uk, ... co.uk.
 * @param {string} host
 */
export function zoneCandidates(host) {
  const labels = host.replace(/\.$/, '').split('.');
  return labels.slice(0, -1).map((_, i) => labels.slice(i).join('.'));
}

/**
 * One GET of the Cloudflare API: its status and parsed envelope (null when not JSON).
 * @param {string} base
 * @param {string} token
 * @param {string} path
 */
async function api(base, token, path) {
  const response = await fetch(`${base}${path}`, {
    headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  /** @type {unknown} */
  const body = await response.json().catch(() => null);
  return { status: response.status, ok: response.ok && field(body, 'success') === true, body };
}

/**
 * The API's own words for a refusal, short.
 * @param {unknown} body
 */
const apiErrors = (body) => {
  const errors = field(body, 'errors');
  /** @type {unknown[]} */
  const list = Array.isArray(errors) ? errors : [];
  return (
    list
      .map((e) => `${field(e, 'code') ?? ''} ${field(e, 'message') ?? ''}`.trim())
      .join('; ')
      .slice(0, 300) || 'no message'
  );
};

/**
 * @typedef {{ error: (title: string, message: string) => void, warning: (title: string, message: string) => void,
 *   print: (line: string) => void }} Reporters
 */

/**
 * Runs the check. `env`: SITE_URL, CLOUDFLARE_API_TOKEN and the two overrides; `print`: where each line goes.
 * @param {Record<string, string | undefined>} [env]
 * @param {(line: string) => void} [print]
 * @returns {Promise<number>} the exit code: 1 when plain http is not sent to https, else 0
 */
export async function checkHttps(env = process.env, print = (line) => console.log(line)) {
  let failed = false;
  /** @type {Reporters['error']} */
  const error = (title, message) => {
    failed = true;
    print(`::error title=${escapeData(title)}::${escapeData(message)}`);
  };
  /** @type {Reporters['warning']} */
  const warning = (title, message) => print(`::warning title=${escapeData(title)}::${escapeData(message)}`);

  let site;
  try {
    site = new URL(env.SITE_URL ?? '');
  } catch {
    warning('https not checked', 'SITE_URL is not set (a repository variable): nothing to check.');
    return 0;
  }
  if (site.protocol !== 'https:') {
    error('SITE_URL is not https', `SITE_URL is ${site.origin}: the site's canonical URLs would be plain http.`);
  }
  const host = site.hostname;

  await checkZoneSetting(env, host, { error, warning, print });
  await checkLiveRedirect(env, host, { error, warning, print });
  return failed ? 1 : 0;
}

/**
 * @param {Record<string, string | undefined>} env
 * @param {string} host
 * @param {Reporters} reporters
 */
async function checkZoneSetting(env, host, { error, warning, print }) {
  const token = env.CLOUDFLARE_API_TOKEN;
  const base = (env.CLOUDFLARE_API_BASE_URL || API).replace(/\/+$/, '');
  if (!token) {
    warning('Always Use HTTPS not checked', `No CLOUDFLARE_API_TOKEN: check it by hand (${DOCS}).`);
    return;
  }
  try {
    /** @type {{ id: string, name: string } | null} */
    let zone = null;
    /** @type {string[]} */
    const tried = [];
    for (const name of zoneCandidates(host)) {
      tried.push(name);
      const found = await api(base, token, `/zones?name=${encodeURIComponent(name)}`);
      if (!found.ok) {
        warning(
          'Always Use HTTPS not checked',
          `The API token cannot list zones (HTTP ${found.status}: ${apiErrors(found.body)}); give it Zone > Zone: Read ` +
            `and Zone > Zone Settings: Read on the site's zone (${DOCS}).`,
        );
        return;
      }
      const result = field(found.body, 'result');
      /** @type {unknown[]} */
      const zones = Array.isArray(result) ? result : [];
      const id = field(
        zones.find((z) => field(z, 'name') === name),
        'id',
      );
      if (typeof id === 'string') {
        zone = { id, name };
        break;
      }
    }
    if (!zone) {
      warning(
        'Always Use HTTPS not checked',
        `No Cloudflare zone found for ${host} (asked for ${tried.join(', ')}): the token cannot see it (Zone > Zone: ` +
          `Read) or the domain is not a zone of this account. Check the setting by hand (${DOCS}).`,
      );
      return;
    }
    const setting = await api(base, token, `/zones/${encodeURIComponent(zone.id)}/settings/always_use_https`);
    if (!setting.ok) {
      warning(
        'Always Use HTTPS not checked',
        `The API token cannot read the settings of the zone ${zone.name} (HTTP ${setting.status}: ` +
          `${apiErrors(setting.body)}); give it Zone > Zone Settings: Read (${DOCS}).`,
      );
      return;
    }
    const value = field(field(setting.body, 'result'), 'value');
    if (value === 'on') print(`Always Use HTTPS is on for the zone ${zone.name}: plain http is redirected to https.`);
    else {
      error(
        'Plain http is not redirected',
        `Always Use HTTPS is ${JSON.stringify(value ?? null)} on the zone ${zone.name}: http://${host}/ is served ` +
          `without TLS. Turn it on: Cloudflare dashboard > ${zone.name} > SSL/TLS > Edge Certificates > Always Use ` +
          `HTTPS (${DOCS}).`,
      );
    }
  } catch (cause) {
    warning('Always Use HTTPS not checked', `The Cloudflare API did not answer (${field(cause, 'message') ?? cause}).`);
  }
}

/**
 * @param {Record<string, string | undefined>} env
 * @param {string} host
 * @param {Reporters} reporters
 */
async function checkLiveRedirect(env, host, { error, warning, print }) {
  const plain = env.HTTPS_CHECK_PLAIN_URL || `http://${host}/`;
  let response;
  try {
    response = await fetch(plain, { redirect: 'manual', signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (cause) {
    const why = field(field(cause, 'cause'), 'code') ?? field(cause, 'message') ?? cause;
    warning('http not checked', `http://${host}/ did not answer (${why}).`);
    return;
  }
  await response.body?.cancel();
  const location = response.headers.get('location');
  let target = null;
  try {
    target = location ? new URL(location, plain) : null;
  } catch {
    // not a URL: reported below as no redirect to https
  }
  if (response.status >= 300 && response.status < 400 && target?.protocol === 'https:' && target.hostname === host) {
    print(`http://${host}/ answers ${response.status} to ${target.href}.`);
  } else {
    error(
      'Plain http is not redirected',
      `http://${host}/ answers ${response.status}${location ? ` to ${location.slice(0, 200)}` : ''}, not a ` +
        `redirect to https://${host}/ (${DOCS}).`,
    );
  }
}

const isMain = process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) process.exit(await checkHttps());
