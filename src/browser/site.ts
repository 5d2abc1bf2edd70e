/** The one shared script every page loads: header behaviour, reveal-on-scroll, the recorder of early input, and
 * analytics when the build has it. */
import { recordEarlyInput } from './early-input';
import { setupHeader } from './header';
import { setupReveal } from './reveal';
import { startAnalytics } from './analytics';

recordEarlyInput();
setupHeader();
setupReveal();
// A constant of the build (astro.config.mjs): null without PUBLIC_ANALYTICS_ENDPOINT, and then this line and every
// module of the analytics, the tracker and web-vitals included, are left out of the bundle.
if (__ANALYTICS__) startAnalytics(__ANALYTICS__);
