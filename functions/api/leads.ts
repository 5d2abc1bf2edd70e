/**
 * POST /api/leads on Cloudflare Pages: the home popup's lead relay. The rules and the CRM request live in
 * src/lib/lead-relay.ts; this file only hands it the request and the function's environment (CRM_HOST, CRM_TOKEN and
 * the LEAD_RATE_LIMIT KV binding: see wrangler.toml and .dev.vars.example).
 */
import { handleLeadRelay, type LeadRelayEnv } from '../../src/lib/lead-relay';

/** The part of the Pages Functions context this function uses. */
interface PagesContext {
  request: Request;
  env: LeadRelayEnv;
}

export const onRequest = (context: PagesContext): Promise<Response> => handleLeadRelay(context.request, context.env);
