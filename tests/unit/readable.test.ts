import { describe, expect, it } from 'vitest';
import { MIN_TEXT_PX, readableWidth, smallestFontSize, viewBoxWidth } from '../../src/lib/readable';

const svg = (body: string, root = 'width="640" height="480" viewBox="0 0 640 480"') =>
  `<svg xmlns="http://www.w3.org/2000/svg" ${root}>${body}</svg>`;

describe('readable drawn screens', () => {
  it('holds text to the 11 CSS px issue 30 names', () => {
    expect(MIN_TEXT_PX).toBe(11);
  });

  it('finds the smallest font size an SVG sets, in attributes and styles, and the default when it sets none', () => {
    expect(smallestFontSize(svg('<text font-size="13">A</text><text font-size="10">B</text><g font-size="24"/>'))).toBe(
      10,
    );
    expect(smallestFontSize(svg('<text style="font-weight:700;font-size: 9.5px">A</text><text>B</text>'))).toBe(9.5);
    // Relative sizes are not read as user units.
    expect(smallestFontSize(svg('<text font-size="0.8em">A</text><text font-size="80%">B</text>'))).toBe(16);
    expect(smallestFontSize(svg('<text>A</text>'))).toBe(16);
    expect(smallestFontSize(svg('<rect width="10" height="10"/>'))).toBeNull();
  });

  it('reads the width of the viewBox, or of the width attribute without one', () => {
    expect(viewBoxWidth(svg(''))).toBe(640);
    expect(viewBoxWidth(svg('', 'viewBox="-10 0 1203.5 1406" width="300"'))).toBe(1203.5);
    expect(viewBoxWidth(svg('', 'width="96px" height="96"'))).toBe(96);
    expect(viewBoxWidth('<p>not a picture</p>')).toBeNull();
  });

  it('draws a screen wide enough for its smallest text to reach 11 px', () => {
    // 10-unit text in a 640-unit screen: 1.1 px a unit, 704 px wide; a phone shows 358 px of it.
    expect(readableWidth(svg('<text font-size="10">Ticket</text><text font-size="20">Events</text>'))).toBe(704);
    // 13-unit text in 1203 units: 1017.9, rounded up so that no text falls under 11.
    expect(readableWidth(svg('<text font-size="13">+18%</text>', 'viewBox="0 0 1203 1406"'))).toBe(1018);
    expect(readableWidth(svg('<circle r="4"/>'))).toBeNull();
  });
});
