/** The one shared script every page loads: header behaviour and reveal-on-scroll. */
import { setupHeader } from './header';
import { setupReveal } from './reveal';

setupHeader();
setupReveal();
