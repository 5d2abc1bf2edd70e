import { describe, expect, it } from 'vitest';
import { heroScale, mockupSlidePercent } from '../../src/lib/hero';

describe('home hero scroll effects', () => {
  it('slides the screenshot by the scroll offset / 5, clamped to 0-100 %', () => {
    expect(mockupSlidePercent(0)).toBe(0);
    expect(mockupSlidePercent(-40)).toBe(0);
    expect(mockupSlidePercent(100)).toBe(20);
    expect(mockupSlidePercent(250)).toBe(50);
    expect(mockupSlidePercent(500)).toBe(100);
    expect(mockupSlidePercent(2000)).toBe(100);
  });

  it('scales the hero image by 1 + scroll / 1000, capped at 1.3', () => {
    expect(heroScale(0)).toBe(1);
    expect(heroScale(-10)).toBe(1);
    expect(heroScale(100)).toBeCloseTo(1.1);
    expect(heroScale(250)).toBeCloseTo(1.25);
    expect(heroScale(300)).toBeCloseTo(1.3);
    expect(heroScale(5000)).toBe(1.3);
  });
});
