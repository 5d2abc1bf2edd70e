import { describe, expect, it } from 'vitest';
import { revealThresholds, shouldReveal } from '../../src/lib/reveal';

// Product rule: a section reveals "once at 20% visibility".
describe('shouldReveal', () => {
  it('reveals a section once a fifth of it is in view', () => {
    expect(shouldReveal(99, 500, 800)).toBe(false);
    expect(shouldReveal(100, 500, 800)).toBe(true);
  });

  it('reveals a section too tall to be a fifth in view once it fills a fifth of the viewport', () => {
    // 3,400 px tall on a 640 px screen: at most 19 % of it can ever be in view.
    expect(shouldReveal(640, 3400, 640)).toBe(true);
    expect(shouldReveal(128, 3400, 640)).toBe(true);
    expect(shouldReveal(127, 3400, 640)).toBe(false);
  });

  it('never reveals what is out of view', () => {
    expect(shouldReveal(0, 500, 800)).toBe(false);
    expect(shouldReveal(0, 0, 800)).toBe(false);
  });
});

describe('revealThresholds', () => {
  it('steps every 1 % from 0 to 20 %', () => {
    const steps = revealThresholds();
    expect(steps[0]).toBe(0);
    expect(steps.at(-1)).toBe(0.2);
    expect(steps).toHaveLength(21);
  });
});
