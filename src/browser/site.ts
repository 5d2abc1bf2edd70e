/** The one shared script every page loads: header behaviour, reveal-on-scroll, the recorder of early input, the lead
 * outbox (a lead kept in this browser is sent on the next page view), the brand font for the next page, and analytics when the build has it. */
import { recordEarlyInput } from './early-input';
import { setupHeader } from './header';
import { setupReveal } from './reveal';
import { startKeptLeads } from './kept-leads';
import { startAnalytics } from './analytics';
import { warmBrandFont } from './brand-font';

recordEarlyInput();
setupHeader();
setupReveal();
startKeptLeads();
warmBrandFont();
// A constant of the build (astro.config.mjs): null without PUBLIC_ANALYTICS_ENDPOINT, and then this line and every
// module of the analytics, the tracker and web-vitals included, are left out of the bundle.
if (__ANALYTICS__) startAnalytics(__ANALYTICS__);
