/**
 * The home page's offer popup without a framework: the server renders it as a closed `<dialog data-offer-popup
 * data-deadline data-trigger>`, and this script opens it as a modal when its trigger fires (src/lib/offer-trigger.ts:
 * once the page is shown, after a share of the page is scrolled, or when the visitor moves to leave), if the offer
 * still runs at that moment (a built page cannot know when it is visited: after the deadline it never opens, so no
 * expired offer flashes by) and it was not dismissed earlier in the visit. Nothing is watched before the page is shown
 * (a prerendered page waits), nor after the popup has opened once; what watches for them is
 * ./offer-trigger-watch.ts. A popup open when the deadline comes stays open,
 * its countdown at 00. Every way out is native or one listener: the close button submits a `method="dialog"` form,
 * Escape is the browser's own, and a click on the backdrop (the dialog box itself, outside its panel) closes it here.
 * Whatever closed it, the visit remembers it (src/lib/visit-memory.ts). Without JavaScript the dialog stays closed.
 * The form inside is an island that hydrates only when the visitor reaches for it (client:interact). The dialog's
 * first focus is its heading (`autofocus`), not a control: a visitor who did not use the keyboard sees no
 * focus ring.
 */
import { offerRuns } from '../lib/countdown';
import { OFFER_DISMISSED_KEY, recall, remember } from '../lib/visit-memory';
import watchUrl from 'virtual:lazy-script:./offer-trigger-watch';
import { whenShown } from './when-shown';
import './offer-countdown';

const session = () => window.sessionStorage;

export function setupOfferPopup(dialog: HTMLDialogElement): void {
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog) dialog.close();
  });
  dialog.addEventListener('close', () => remember(session, OFFER_DISMISSED_KEY));
  const deadline = new Date(dialog.dataset.deadline ?? '');
  const dismissed = () => recall(session, OFFER_DISMISSED_KEY);
  const open = () => {
    if (dialog.open || !dialog.isConnected || dismissed()) return;
    if (!offerRuns(deadline, new Date())) return;
    // Its first focus is its heading (autofocus), not the close button, which would show its ring to a visitor who
    // has not touched the keyboard.
    dialog.showModal();
  };
  // A modal restyles the whole page (all of it turns inert) and lays it out to move focus: that work gets a task of
  // its own, after the page's scripts (or the scroll) that fired it. Whether it may open is asked then.
  whenShown(() => {
    const fire = () => setTimeout(open);
    // The triggers that wait for the visitor are a script of their own, loaded only for a popup that has one.
    if (dialog.dataset.trigger === 'load') fire();
    else void import(/* @vite-ignore */ watchUrl).then(({ watchTrigger }) => watchTrigger(dialog, fire));
  });
}
