/**
 * The home page's offer popup without a framework: the server renders it as a closed `<dialog data-offer-popup
 * data-deadline>`, and this script opens it as a modal once the page is shown, if the offer still runs at that moment
 * (a built page cannot know when it is visited: after the deadline it never opens, so no expired offer flashes by)
 * and it was not dismissed earlier in the visit. A popup open when the deadline comes stays open, its countdown at 00.
 * Every way out is native or one listener: the close button submits a `method="dialog"` form, Escape is the browser's own, and a
 * click on the backdrop (the dialog box itself, outside its panel) closes it here. Whatever closed it, the visit
 * remembers it (src/lib/visit-memory.ts). Without JavaScript the dialog stays closed. The form inside is an island
 * that hydrates only when the visitor reaches for it (client:interact).
 */
import { offerRuns } from '../lib/countdown';
import { OFFER_DISMISSED_KEY, recall, remember } from '../lib/visit-memory';
import { whenShown } from './when-shown';
import './offer-countdown';

const session = () => window.sessionStorage;

export function setupOfferPopup(dialog: HTMLDialogElement): void {
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog) dialog.close();
  });
  dialog.addEventListener('close', () => remember(session, OFFER_DISMISSED_KEY));
  const open = () => {
    if (dialog.open || !dialog.isConnected || recall(session, OFFER_DISMISSED_KEY)) return;
    if (offerRuns(new Date(dialog.dataset.deadline ?? ''), new Date())) dialog.showModal();
  };
  // A modal restyles the whole page (all of it turns inert) and lays it out to move focus: that work gets a task of
  // its own, after the page's scripts have run, instead of lengthening theirs.
  whenShown(() => window.setTimeout(open, 0));
}
