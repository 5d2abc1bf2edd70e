/**
 * <offer-countdown data-deadline="2027-03-31T23:59:59+05:30">: the offer's countdown, the one implementation of it.
 * It fills each `[data-countdown="days|hours|minutes|seconds"]` element inside it with two digits, once a second,
 * from the moment it is on the page. It stops for good at the deadline (the digits stay at 00) or when the dialog that
 * holds it closes (the offer popup never opens again in that page view). The server HTML carries "--" in place of
 * the digits: the dialog opens only once this script runs, and digits worked out at build time would be stale.
 */
import { countdownParts, twoDigits, type CountdownParts } from '../lib/countdown';
import { COUNTDOWN_TICK_MS } from '../lib/timings';

export const COUNTDOWN_ELEMENT = 'offer-countdown';

const isUnit = (unit: string | undefined, parts: CountdownParts): unit is keyof CountdownParts =>
  unit !== undefined && Object.hasOwn(parts, unit);

export class OfferCountdown extends HTMLElement {
  #timer: number | undefined;
  #stop = () => {
    window.clearInterval(this.#timer);
    this.#timer = undefined;
  };

  connectedCallback(): void {
    if (this.render()) return;
    this.#timer = window.setInterval(() => {
      if (this.render()) this.#stop();
    }, COUNTDOWN_TICK_MS);
    this.closest('dialog')?.addEventListener('close', this.#stop, { once: true });
  }

  disconnectedCallback(): void {
    this.#stop();
  }

  /** Writes the time left; true once the deadline has passed (nothing left to count). */
  render(): boolean {
    const parts = countdownParts(new Date(this.dataset.deadline ?? ''), new Date());
    for (const element of this.querySelectorAll<HTMLElement>('[data-countdown]')) {
      const unit = element.dataset.countdown;
      if (!isUnit(unit, parts)) continue;
      const text = twoDigits(parts[unit]);
      if (element.textContent !== text) element.textContent = text;
    }
    return Object.values(parts).every((n) => n === 0);
  }
}

if (!customElements.get(COUNTDOWN_ELEMENT)) customElements.define(COUNTDOWN_ELEMENT, OfferCountdown);
