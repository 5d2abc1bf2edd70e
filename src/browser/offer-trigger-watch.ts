/**
 * The offer popup's triggers (src/lib/offer-trigger.ts), watched in the browser: at once for `load` or a value that
 * names no trigger (the popup opens on load, as it always did); otherwise a scroll past a share of the page, or a move
 * to leave, watched until it happens once. Small on purpose: it is part of the home page's script, read before the
 * visitor scrolls (budgets.json).
 */
import { leavesThroughTop, scrolledFar, upFlickWatcher } from '../lib/offer-trigger';

/** Calls `fire` once, when the popup's trigger (`data-trigger`) fires, and stops watching then. */
export function watchTrigger(dialog: HTMLDialogElement, fire: () => void): void {
  const { trigger, scrollShare } = dialog.dataset;
  // Once: the listeners stay, idle (a scroll's and a mouseout's cannot hold anything up), which costs less script
  // than removing them.
  let done = false;
  const once = (fired: boolean) => {
    if (!fired || done) return;
    done = true;
    fire();
  };
  if (trigger === 'exit' && matchMedia('(pointer: fine)').matches) {
    // A computer's pointer, which can leave the window through its top.
    document.addEventListener('mouseout', (event) => once(leavesThroughTop(event)));
  } else if (trigger === 'scroll' || trigger === 'exit') {
    // A scroll past the share; or, on a touch screen, a quick flick back up.
    const flick = upFlickWatcher(innerHeight);
    const check = (event?: Event) =>
      once(
        trigger === 'scroll'
          ? scrolledFar(Number(scrollShare), scrollY, innerHeight, document.documentElement.scrollHeight)
          : flick.sample(scrollY, event?.timeStamp ?? 0),
      );
    addEventListener('scroll', check);
    check();
  } else {
    fire();
  }
}
