import { describe, expect, it } from 'vitest';
import { tabKeyTarget } from '../../src/lib/tabs';

describe('tabKeyTarget', () => {
  it('moves right and left, wrapping round', () => {
    expect(tabKeyTarget('ArrowRight', 0, 5)).toBe(1);
    expect(tabKeyTarget('ArrowRight', 4, 5)).toBe(0);
    expect(tabKeyTarget('ArrowLeft', 0, 5)).toBe(4);
    expect(tabKeyTarget('ArrowLeft', 3, 5)).toBe(2);
  });
  it('jumps to the ends', () => {
    expect(tabKeyTarget('Home', 3, 5)).toBe(0);
    expect(tabKeyTarget('End', 1, 5)).toBe(4);
  });
  it('uses up and down only when asked', () => {
    expect(tabKeyTarget('ArrowDown', 1, 5)).toBeNull();
    expect(tabKeyTarget('ArrowDown', 1, 5, true)).toBe(2);
    expect(tabKeyTarget('ArrowUp', 0, 5, true)).toBe(4);
  });
  it('ignores other keys', () => {
    expect(tabKeyTarget('Enter', 1, 5, true)).toBeNull();
  });
});
