/**
 * The offer countdown: whole days, hours, minutes and seconds left, never below zero; and whether the offer still runs
 * (the popup opens only then). Both run in the browser: the rest of the offer's rules are ./offer.ts.
 */

export interface CountdownParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

export function countdownParts(deadline: Date, now: Date): CountdownParts {
  const left = Math.max(0, Math.floor((deadline.getTime() - now.getTime()) / 1000));
  return {
    days: Math.floor(left / 86_400),
    hours: Math.floor((left % 86_400) / 3_600),
    minutes: Math.floor((left % 3_600) / 60),
    seconds: left % 60,
  };
}

/** Two digits at least: 5 -> "05", 123 -> "123". */
export function twoDigits(n: number): string {
  return String(n).padStart(2, '0');
}

/** Whether the offer still runs at `now`: until its deadline, not at it (the countdown then reads 00). */
export function offerRuns(deadline: Date, now: Date): boolean {
  return now.getTime() < deadline.getTime();
}
