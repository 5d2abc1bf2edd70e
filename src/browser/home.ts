/**
 * The home page's one script (besides the shared one): the hero mockup, the video tour and the offer popup, in one
 * file so that the page asks for as few scripts as it can before the visitor scrolls. React is not among them: the
 * islands load on their own when the visitor reaches them.
 */
import { setupHeroMockup } from './hero-mockup';
import { setupOfferPopup } from './offer-popup';
import { setupVideoTour } from './video-tour';

setupHeroMockup();
setupVideoTour();
const popup = document.querySelector<HTMLDialogElement>('dialog[data-offer-popup]');
if (popup) setupOfferPopup(popup);
