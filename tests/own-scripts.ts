import { createHash } from 'node:crypto';
import { BRAND_FONT_SCRIPT } from '../src/lib/brand-font-gate';

/** The one inline script the project writes into its pages, and the policy's source for it, worked out here. */
export const OWN_INLINE_SCRIPT = BRAND_FONT_SCRIPT;
export const OWN_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(OWN_INLINE_SCRIPT).digest('base64')}'`;
/** The pages' script-src: the site's files and that script. */
export const PAGE_SCRIPT_SRC = `script-src 'self' ${OWN_SCRIPT_SOURCE}`;
