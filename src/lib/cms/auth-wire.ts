/**
 * The CMS sign-in's routes, for the Worker that answers them (worker/cms-auth/) and the pages that open them: the
 * admin's config (admin-config.ts, `auth_endpoint`) and the owner's page (src/browser/owner/sign-in.ts).
 */

/** The route the sign-in popup opens (`auth_endpoint: 'api/cms-auth'` below the site's origin). */
export const CMS_AUTH_ROUTE = '/api/cms-auth';
/** Where GitHub sends the editor back: the OAuth app's callback URL is `{site origin}/api/cms-auth/callback`. */
export const CMS_AUTH_CALLBACK = `${CMS_AUTH_ROUTE}/callback`;
