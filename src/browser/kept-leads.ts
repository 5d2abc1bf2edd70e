/**
 * What every page does for a lead kept in this browser (./lead-outbox.ts): once the page is shown, and whenever the
 * network comes back, it loads the outbox and tries the kept leads, if storage holds any. A page with none loads
 * nothing: the outbox is a script of its own, and this is all of it that the shared page script carries.
 */
import outboxUrl from 'virtual:lazy-script:./lead-outbox';
import { whenShown } from './when-shown';

function tryKept(): void {
  try {
    if (window.localStorage.getItem(__KEPT_LEADS_KEY__) === null) return;
  } catch {
    return;
  }
  import(/* @vite-ignore */ outboxUrl)
    .then(({ flush }: typeof import('./lead-outbox')) => flush())
    .catch((error: unknown) => console.warn(error));
}

export function startKeptLeads(): void {
  window.addEventListener('online', tryKept);
  whenShown(tryKept);
}
