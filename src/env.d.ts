/// <reference types="astro/client" />

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate on the first focus, press, key or input inside the island (src/directives/interact.ts). */
    'client:interact'?: boolean;
  }
}

export {};
