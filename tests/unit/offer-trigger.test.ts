/**
 * What opens the home offer popup (src/lib/offer-trigger.ts): the trigger a dialog names, the share of the page
 * scrolled, the pointer leaving through the top, and a phone's quick flick back up.
 */
import { describe, expect, it } from 'vitest';
import {
  leavesThroughTop,
  scrolledFar,
  scrolledPercent,
  triggerOf,
  UP_FLICK,
  upFlickWatcher,
} from '../../src/lib/offer-trigger';

describe('the trigger a dialog names', () => {
  it('is load, scroll or exit; anything else opens on load, as the popup always did', () => {
    expect(['load', 'scroll', 'exit'].map(triggerOf)).toEqual(['load', 'scroll', 'exit']);
    for (const other of [undefined, '', 'Scroll', 'hover']) expect(triggerOf(other)).toBe('load');
  });
});

describe('the share of the page scrolled', () => {
  it("is how far the window's top has come down the page's scrollable height", () => {
    // A page of 5,000 px in a window of 1,000: 4,000 px to scroll.
    expect(scrolledPercent(0, 1000, 5000)).toBe(0);
    expect(scrolledPercent(1000, 1000, 5000)).toBe(25);
    expect(scrolledPercent(4000, 1000, 5000)).toBe(100);
    // Overscroll at either end (a phone's bounce) stays within 0 and 100.
    expect(scrolledPercent(-40, 1000, 5000)).toBe(0);
    expect(scrolledPercent(4100, 1000, 5000)).toBe(100);
  });

  it('is all of it on a page no taller than the window', () => {
    expect(scrolledPercent(0, 1000, 1000)).toBe(100);
    expect(scrolledPercent(0, 1000, 600)).toBe(100);
  });

  it('fires a trigger at its share, not before', () => {
    expect(scrolledFar(40, 1599, 1000, 5000)).toBe(false);
    expect(scrolledFar(40, 1600, 1000, 5000)).toBe(true);
  });
});

describe("a computer's pointer leaving the window", () => {
  it('counts through the top edge only, and not a move onto another element', () => {
    expect(leavesThroughTop({ clientY: 0, relatedTarget: null })).toBe(true);
    expect(leavesThroughTop({ clientY: -3, relatedTarget: null })).toBe(true);
    // Out through the bottom or a side (to the taskbar, another window), or onto an element of the page.
    expect(leavesThroughTop({ clientY: 600, relatedTarget: null })).toBe(false);
    expect(leavesThroughTop({ clientY: 0, relatedTarget: {} })).toBe(false);
  });
});

describe("a phone's quick flick back up", () => {
  const SCREEN = 844;
  /** Feeds a watcher scroll positions 16 ms apart (a frame each), from `at`; whether any fired. */
  const run = (watcher: ReturnType<typeof upFlickWatcher>, ys: number[], at = 0, every = 16) =>
    ys.map((y, i) => watcher.sample(y, at + i * every)).some(Boolean);
  const down = (from: number, to: number, step = 100) =>
    Array.from({ length: Math.floor((to - from) / step) + 1 }, (_, i) => from + i * step);

  it(`fires on ${UP_FLICK.distancePx} px up at ${UP_FLICK.pxPerMs} px/ms or faster, after a screen read down`, () => {
    const watcher = upFlickWatcher(SCREEN);
    expect(run(watcher, down(0, 2000))).toBe(false);
    // 60 px a frame: 3.75 px/ms, past 200 px in four frames.
    expect(run(watcher, [1940, 1880, 1820, 1760, 1700], 1000)).toBe(true);
  });

  it('does not fire on a slow read back up, however far', () => {
    const watcher = upFlickWatcher(SCREEN);
    run(watcher, down(0, 2000));
    // 10 px a frame: 0.6 px/ms, 600 px in all.
    expect(
      run(
        watcher,
        Array.from({ length: 60 }, (_, i) => 1990 - i * 10),
        1000,
      ),
    ).toBe(false);
  });

  it('does not fire on a short flick, nor before the visitor has read a screen down', () => {
    const short = upFlickWatcher(SCREEN);
    run(short, down(0, 2000));
    expect(run(short, [1950, 1900, 1850], 1000)).toBe(false);
    const early = upFlickWatcher(SCREEN);
    run(early, down(0, 600));
    expect(run(early, [550, 450, 350, 250, 150, 50], 1000)).toBe(false);
  });

  it('counts a flick as one run: a pause or a scroll down between two short flicks starts again', () => {
    const paused = upFlickWatcher(SCREEN);
    run(paused, down(0, 2000));
    expect(run(paused, [1940, 1880, 1820], 1000)).toBe(false);
    // 500 ms later, 120 px more: 300 px in all, but not one flick.
    expect(run(paused, [1760, 1700], 1532)).toBe(false);
    const turned = upFlickWatcher(SCREEN);
    run(turned, down(0, 2000));
    expect(run(turned, [1940, 1880, 1820, 1900, 1840, 1780], 1000)).toBe(false);
  });
});
