/**
 * The browser's lead outbox: a lead for this site's lead route is written to local storage before its first try and
 * stays there until the site answers 202 (the rules: src/lib/leads/kept.ts). A try that fails leaves it there, and it
 * is tried again with the same key: after a backoff on the page it was sent from, at once when the network comes back
 * (`online`), and on every page view of the site once the page is shown: the shared page script loads this module
 * then, when a lead is kept (./kept-leads.ts), and the lead forms' islands import it. Tries run alone among the site's open tabs (a Web Lock): two tabs holding the same kept lead
 * send it one after the other, and the second finds it gone. Every value read back from storage goes through the
 * checks of a fresh lead first. Storage that is missing or refuses (disabled, full) keeps nothing: the lead is then
 * tried once, as before.
 *
 * Local storage rather than IndexedDB: a kept lead is a few hundred bytes, and every page view asks whether one waits,
 * in the script every page loads; local storage answers that in one synchronous call of a few bytes of code, where
 * IndexedDB needs a database opened, upgraded and read through a transaction, several times the code, for nothing the
 * lock does not give already. Both are cleared by the same settings and the same seven days of Safari's limit.
 */
import { EVENTS } from '../lib/analytics';
import {
  MAX_KEPT_LEADS,
  SEND_TIMEOUT_MS,
  keptVerdict,
  readKeptLeads,
  resendDelayMs,
  type KeptLead,
  type KeptVerdict,
} from '../lib/leads/kept';
import { buildRelayRequest } from '../lib/leads/wire';
import { track } from './analytics/track';

/** A try's answer: its status (null: no answer in time, or no network), its Retry-After and body, for the console. */
interface Answer {
  status: number | null;
  retryAfterS: number | null;
  detail: string;
}

/** What became of a lead the outbox was given or held: `lost` when it failed and could not be kept either. */
export type Outcome = KeptVerdict | 'lost';

type Listener = (id: string, outcome: KeptVerdict) => void;
const listeners = new Set<Listener>();
/** The leads this page kept and has not seen settled yet. */
const mine = new Set<string>();

function settled(id: string, outcome: KeptVerdict): void {
  mine.delete(id);
  listeners.forEach((listener) => listener(id, outcome));
}

/** Failed rounds in a row on this page, and the timer of the next one. */
let failures = 0;
let timer: ReturnType<typeof setTimeout> | undefined;
let flushing: Promise<void> | null = null;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The kept leads, checked as fresh ones; what fails the checks, has waited too long or is one too many is deleted. */
function load(): KeptLead[] {
  try {
    const store = storage();
    if (!store) return [];
    const { leads, changed } = readKeptLeads(store.getItem(__KEPT_LEADS_KEY__), Date.now());
    if (changed) save(leads);
    return leads;
  } catch {
    return [];
  }
}

/** Writes the kept leads (none: the entry is removed); false when storage refuses. */
function save(leads: KeptLead[]): boolean {
  try {
    const store = storage();
    if (!store) return false;
    if (leads.length) store.setItem(__KEPT_LEADS_KEY__, JSON.stringify(leads));
    else store.removeItem(__KEPT_LEADS_KEY__);
    return true;
  } catch {
    return false;
  }
}

const forget = (id: string) => save(load().filter((lead) => lead.id !== id));

/** Runs `work` alone among this site's tabs, where the browser has Web Locks (elsewhere at once). */
function alone(work: () => Promise<void>): Promise<void> {
  const locks = (navigator as Navigator & { locks?: LockManager }).locks;
  return locks ? locks.request(__KEPT_LEADS_KEY__, work) : work();
}

/** One try of a lead, given up after SEND_TIMEOUT_MS. */
async function post(lead: KeptLead): Promise<Answer> {
  const { url, method, headers, body } = buildRelayRequest(lead, lead.form, lead.id, lead.lang);
  const controller = new AbortController();
  const timeout = setTimeout(() => controller.abort(), SEND_TIMEOUT_MS);
  try {
    const response = await fetch(url, { method, headers, body, signal: controller.signal });
    const retryAfter = Number(response.headers.get('Retry-After'));
    const detail = `${response.status} ${await response.text().catch(() => '')}`.trim();
    return { status: response.status, retryAfterS: retryAfter > 0 ? retryAfter : null, detail };
  } catch (error) {
    return { status: null, retryAfterS: null, detail: error instanceof Error ? error.message : String(error) };
  } finally {
    clearTimeout(timeout);
  }
}

function schedule(retryAfterS: number | null): void {
  failures++;
  clearTimeout(timer);
  timer = setTimeout(() => void flush(), resendDelayMs(failures, Math.random(), retryAfterS));
}

/**
 * Tries every kept lead once, in turn, oldest first, stopping at the first that fails (no network, the site failing,
 * or the rate limit: the next would fare the same); an accepted one is deleted and counted once as `Lead Submitted`,
 * a refused one deleted; another round follows after a backoff while any is left. One round at a time in a tab.
 */
export function flush(): Promise<void> {
  flushing ??= alone(async () => {
    clearTimeout(timer);
    let waiting = false;
    let retryAfterS: number | null = null;
    for (const lead of load()) {
      const answer = await post(lead);
      const verdict = keptVerdict(answer.status);
      if (verdict === 'kept') {
        // No network, a site that fails, or a client whose allowance is spent: the next lead would fare the same.
        waiting = true;
        retryAfterS = answer.retryAfterS;
        break;
      }
      forget(lead.id);
      // Counted in the language of the page the lead was sent from, which may not be this page's.
      if (verdict === 'accepted') track(EVENTS.leadSubmitted, { form: lead.form, lang: lead.lang });
      settled(lead.id, verdict);
    }
    goneElsewhere();
    if (waiting) schedule(retryAfterS);
    else failures = 0;
  })
    // Only the lock itself could fail here (post() answers every failure): the leads stay kept for the next page.
    .catch((error: unknown) => console.warn(error))
    .finally(() => (flushing = null));
  return flushing;
}

/**
 * A lead this page kept that storage no longer holds was sent by another tab of the site (which counted it): for
 * this page, it is accepted.
 */
function goneElsewhere(): void {
  const held = new Set(load().map((lead) => lead.id));
  for (const id of mine) if (!held.has(id)) settled(id, 'accepted');
}

let watching = false;
/** From the first lead this page keeps: another tab that changes the kept leads may have sent one of this page's. */
function watchOtherTabs(): void {
  if (watching) return;
  watching = true;
  window.addEventListener('storage', (event) => {
    if (event.key === __KEPT_LEADS_KEY__ || event.key === null) goneElsewhere();
  });
}

/**
 * Keeps a new lead (or one kept already, pressed again: its key and first time are kept) and tries it at once: what
 * became of it, with the answer's detail for the console. `kept`: it waits for its next try, and `onSettled` tells of
 * it. The caller counts an accepted lead itself.
 */
export async function sendKept(lead: KeptLead): Promise<{ outcome: Outcome; detail: string }> {
  let result: { outcome: Outcome; detail: string } = { outcome: 'lost', detail: '' };
  await alone(async () => {
    const leads = load();
    const entry = leads.find((kept) => kept.id === lead.id) ?? lead;
    const written = save([...leads.filter((kept) => kept.id !== lead.id), entry].slice(-MAX_KEPT_LEADS));
    const answer = await post(entry);
    const verdict = keptVerdict(answer.status);
    if (verdict !== 'kept') forget(entry.id);
    else if (written) {
      mine.add(entry.id);
      watchOtherTabs();
      schedule(answer.retryAfterS);
    }
    result = { outcome: verdict === 'kept' && !written ? 'lost' : verdict, detail: answer.detail };
  });
  return result;
}

/** Calls `listener` when a kept lead is accepted or refused by a later try on this page; returns its removal. */
export function onSettled(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
