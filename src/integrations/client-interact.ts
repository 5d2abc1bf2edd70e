/**
 * Registers the client:interact directive (src/directives/interact.ts). The no-inline-scripts integration moves its
 * loader, which Astro writes inline like its own, into a file (see INTERACT_DIRECTIVE there).
 */
import type { AstroIntegration } from 'astro';

/** The directive's name and its entry point, relative to the project root. */
export const INTERACT_DIRECTIVE = { name: 'interact', entrypoint: './src/directives/interact.ts' } as const;

export function clientInteract(): AstroIntegration {
  return {
    name: 'client-interact',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => addClientDirective(INTERACT_DIRECTIVE),
    },
  };
}
