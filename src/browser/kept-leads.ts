/**
 * What every page does for a lead kept in this browser (./lead-outbox.ts): once the page is shown, and whenever the
 * network comes back, it loads the outbox and tries the kept leads, if storage holds any. A page with none loads
 * nothing: the outbox is a script of its own, and this is all of it that the shared page script carries.
 */
import { KEPT_LEADS_KEY } from '../lib/leads/kept-key';
import outboxUrl from 'virtual:lazy-script:./lead-outbox';
import { whenShown } from './when-shown';

function tryKept(): void {
  let kept = false;
  try {
    kept = window.localStorage.getItem(KEPT_LEADS_KEY) !== null;
  } catch {
    // No storage, nothing kept.
  }
  if (kept) {
    void import(/* @vite-ignore */ outboxUrl)
      .then(({ flush }: typeof import('./lead-outbox')) => flush())
      .catch((error: unknown) => console.warn('The kept leads could not be sent now:', error));
  }
}

export function startKeptLeads(): void {
  window.addEventListener('online', tryKept);
  whenShown(tryKept);
}
