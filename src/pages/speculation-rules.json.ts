import type { APIRoute } from 'astro';
import { readUi } from '../data/content';
import { SPECULATION_RULES_TYPE, speculationRules } from '../lib/speculation';

/**
 * The speculation rules every page names in its header (src/lib/speculation.ts): every page link may be prefetched,
 * and the header's own links (pricing, the feature and audience pages, about, blogs) may be prerendered.
 */
export const GET: APIRoute = async () => {
  const { navigation } = await readUi();
  const header = [...navigation.top, ...navigation.products, ...navigation.audiences].map((link) => link.to);
  return new Response(JSON.stringify(speculationRules(header)), {
    headers: { 'Content-Type': SPECULATION_RULES_TYPE },
  });
};
