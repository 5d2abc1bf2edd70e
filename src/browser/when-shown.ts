/**
 * Runs `show` once the visitor sees the page. A page the browser prerenders (speculation rules) runs its scripts
 * before anyone has opened it, and may be thrown away unseen: whatever counts as the visitor's own (a pageview, the
 * offer popup, the memory of a visit) waits for the page to be shown (`prerenderingchange`). A page loaded the usual
 * way is shown already, and `show` runs at once.
 */
export function whenShown(show: () => void): void {
  if ((document as Document & { prerendering?: boolean }).prerendering) {
    document.addEventListener('prerenderingchange', show, { once: true });
  } else {
    show();
  }
}
