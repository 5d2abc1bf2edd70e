// Types for the packages the scripts import that ship none: the parts the scripts use.

declare module 'subset-font' {
  interface SubsetFontOptions {
    targetFormat?: 'sfnt' | 'truetype' | 'woff' | 'woff2';
    variationAxes?: Record<string, number | { min: number; max: number; default?: number }>;
    /** Keeps every glyph (the text must then be null): for instancing the variation axes alone. */
    keepAllGlyphs?: boolean;
  }
  /** A font (SFNT, WOFF or WOFF2) cut to the characters of `text`. */
  function subsetFont(font: Buffer, text: string | null, options?: SubsetFontOptions): Promise<Buffer>;
  export = subsetFont;
}

declare module 'fontverter' {
  type FontFormat = 'sfnt' | 'truetype' | 'woff' | 'woff2';
  /** A font in another format; the source format is detected when not given. */
  export function convert(font: Buffer, toFormat: FontFormat, fromFormat?: FontFormat): Promise<Buffer>;
  export function detectFormat(font: Buffer): 'sfnt' | 'woff' | 'woff2';
}
