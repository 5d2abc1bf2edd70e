/**
 * What the site remembers for the rest of a visit, in session storage: gone when the tab closes, never a cookie, never
 * sent anywhere. Storage that is missing or refuses (disabled, private mode, full) is a visit with no memory: reading
 * says "not seen", writing does nothing, and the page works as on a first load.
 */

/** The home offer popup was dismissed (src/browser/offer-popup.ts). */
export const OFFER_DISMISSED_KEY = 'offer-popup-dismissed';

export function recall(storage: () => Storage, key: string): boolean {
  try {
    return storage().getItem(key) === '1';
  } catch {
    return false;
  }
}

export function remember(storage: () => Storage, key: string): void {
  try {
    storage().setItem(key, '1');
  } catch {
    // No memory this visit; the action itself (closing the popup) has happened already.
  }
}
