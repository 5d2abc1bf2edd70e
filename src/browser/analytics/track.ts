/**
 * How islands and page scripts report an event: a DOM event on `window` that the analytics module listens for, when
 * the build has analytics. They never import the tracker; with analytics off nothing listens and this does nothing.
 */
import {
  EVENTS,
  TRACK_EVENT,
  type CalculatorName,
  type EventName,
  type EventProps,
  type TrackDetail,
} from '../../lib/analytics';

export function track(name: EventName, props?: EventProps): void {
  window.dispatchEvent(new CustomEvent<TrackDetail>(TRACK_EVENT, { detail: { name, props } }));
}

const sent = new Set<string>();

/** Reports an event once per page view, however often the action repeats (a calculator's sliders). */
export function trackOnce(name: EventName, props?: EventProps): void {
  const key = JSON.stringify([name, props ?? {}]);
  if (sent.has(key)) return;
  sent.add(key);
  track(name, props);
}

/** `Calculator Used`, once per page view for each calculator, however many sliders move. */
export const trackCalculator = (calculator: CalculatorName) => trackOnce(EVENTS.calculatorUsed, { calculator });
