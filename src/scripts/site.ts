/** The one shared script every page loads: header behaviour, reveal-on-scroll, the recorder of early input. */
import { recordEarlyInput } from './early-input';
import { setupHeader } from './header';
import { setupReveal } from './reveal';

recordEarlyInput();
setupHeader();
setupReveal();
