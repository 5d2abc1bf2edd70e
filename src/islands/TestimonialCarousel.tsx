/**
 * Testimonials below 1024 px: a carousel of flip cards on CSS scroll snapping. It auto-plays (infinite, centred, no
 * arrows or dots); a click flips a card to its quote and a second click flips it back. The hint on a card's face speaks
 * the device's language (tap, click or Enter), chosen by media queries in the CSS, so it is right before hydration too.
 * Auto-play waits while a card shows its quote and for a moment after each flip click, and while the carousel has
 * keyboard focus. While a finger (or a pressed mouse button) is on it, nothing moves: auto-play holds, a slide under
 * way stops at the nearest card, and the first-view hint below keeps its card turned; once it lifts, auto-play starts
 * its beat over. The first time the carousel is well in view, the current card flips briefly to show that cards can
 * be turned. No auto-play under reduced motion.
 *
 * Keyboard: Tab reaches each card's flip button (Enter or Space turns it); the left and right arrow keys move the
 * carousel a card along, round the end, and take the focus to that card's button.
 *
 * The row is the browser's own scroller (TestimonialCarousel.css): a finger swipes it and it snaps to each card, with
 * or without this script. The script turns the row round (CSS `order`) once it comes to rest, so the current card
 * always has neighbours on both sides and the row has no end, and moves it on for auto-play and the arrow keys.
 */
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
} from 'react';
import { fillSlots } from '../lib/brand';
import { cardColour, type TestimonialCard } from '../lib/testimonials';
import { TESTIMONIALS } from '../lib/timings';
import { useEarlyInput } from './hooks/useEarlyInput';
import { usePauseOnFocus } from './hooks/usePauseOnFocus';
import { keepWhole } from './keep-whole';

interface Props {
  items: TestimonialCard[];
  /** Accessible name of the carousel, e.g. "Testimonials from studios". */
  label: string;
  /**
   * Card labels: the face's hint for touch, mouse and keyboard, "Show the quote from {name}", "{position} of {count}:
   * {name}", and what the carousel and a card are, read after their names ("carousel", "slide").
   */
  labels: {
    tapHint: string;
    clickHint: string;
    keyHint: string;
    showQuote: string;
    slideLabel: string;
    carouselKind: string;
    slideKind: string;
  };
}

/** The slides as they are shown, left to right. */
const shown = (track: HTMLElement) =>
  [...(track.children as HTMLCollectionOf<HTMLElement>)].sort((a, b) => a.offsetLeft - b.offsetLeft);
/** The scroll offset that centres a slide. */
const centre = (track: HTMLElement, slide: HTMLElement) =>
  slide.offsetLeft + slide.offsetWidth / 2 - track.clientWidth / 2;
/** The slide nearest the middle of the row. */
const nearest = (track: HTMLElement) =>
  shown(track).reduce((a, b) =>
    Math.abs(centre(track, b) - track.scrollLeft) < Math.abs(centre(track, a) - track.scrollLeft) ? b : a,
  );
const easeOut = (t: number) => 1 - (1 - t) ** 5;

export default function TestimonialCarousel({ items, label, labels }: Props) {
  const [flipped, setFlipped] = useState<ReadonlySet<number>>(new Set());
  const [current, setCurrent] = useState(0);
  // Keyboard focus inside holds auto-play; the focus a tap or click leaves behind does not.
  const { ref: rootRef, focused } = usePauseOnFocus<HTMLDivElement>();
  // A card flipped by a click before hydration is flipped once awake (and then needs no hint).
  const early = useEarlyInput(rootRef);
  // Bumped by each flip click, so the auto-play effect restarts and waits out the click pause.
  const [clicks, setClicks] = useState(0);
  const lastClickAt = useRef(0);
  const [reducedMotion, setReducedMotion] = useState(false);
  const [ready, setReady] = useState(false);
  const trackRef = useRef<HTMLDivElement>(null);
  // The frame of a slide in progress (auto-play, arrow keys), 0 when none, and the slide it is going to.
  const moving = useRef(0);
  const goal = useRef<HTMLElement | null>(null);
  // A finger or a pressed mouse button on the carousel: the state holds auto-play, the ref the row's turning.
  const [touching, setTouching] = useState(false);
  const touchingRef = useRef(false);

  /** Once the row is at rest: the card in the middle is the current one, and the row turns to give it neighbours. */
  const settle = useCallback(() => {
    const track = trackRef.current;
    if (!track || moving.current || touchingRef.current || !track.clientWidth) return;
    const slides = [...(track.children as HTMLCollectionOf<HTMLElement>)];
    const card = slides.indexOf(nearest(track));
    // Left of the current card: half the others (rounded down), so auto-play always has a card to move on to.
    const n = slides.length;
    const first = card - Math.floor((n - 1) / 2);
    slides.forEach((slide, i) => (slide.style.order = String((i - first + n) % n)));
    track.scrollTo({ left: centre(track, slides[card]!), behavior: 'instant' });
    setCurrent(card);
  }, []);

  /** Slides the row to the card `by` places on (TESTIMONIALS.slideMs, easing out), or at once. */
  const move = useCallback(
    (by: number, instant: boolean) => {
      const track = trackRef.current;
      if (!track || !track.clientWidth) return undefined;
      if (moving.current && goal.current) {
        // A key pressed again before the slide has ended: that slide ends at once, and this one starts from there.
        cancelAnimationFrame(moving.current);
        moving.current = 0;
        delete track.dataset.moving;
        track.scrollTo({ left: centre(track, goal.current), behavior: 'instant' });
        settle();
      }
      const slides = shown(track);
      const target = slides[slides.indexOf(nearest(track)) + by];
      if (!target) return undefined;
      goal.current = target;
      const from = track.scrollLeft;
      const to = centre(track, target);
      const start = performance.now();
      // The snap is off while the script scrolls, or it would pull each step back to a card.
      track.dataset.moving = '';
      const frame = () => {
        const t = instant ? 1 : Math.min(1, (performance.now() - start) / TESTIMONIALS.slideMs);
        track.scrollLeft = from + (to - from) * easeOut(t);
        if (t < 1) {
          moving.current = requestAnimationFrame(frame);
          return;
        }
        moving.current = 0;
        delete track.dataset.moving;
        settle();
      };
      if (instant) frame();
      else moving.current = requestAnimationFrame(frame);
      return target;
    },
    [settle],
  );

  useLayoutEffect(() => {
    const track = trackRef.current;
    if (!track) return;
    // A card the visitor swiped to before hydration stays the current one.
    settle();
    setReady(true);
    // A swipe ends with `scrollend`; where it is missing, with a pause in the scroll events.
    let timer = 0;
    const onScroll = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(settle, 100);
    };
    const withScrollEnd = 'onscrollend' in window;
    track.addEventListener(withScrollEnd ? 'scrollend' : 'scroll', withScrollEnd ? settle : onScroll);
    return () => {
      track.removeEventListener(withScrollEnd ? 'scrollend' : 'scroll', withScrollEnd ? settle : onScroll);
      window.clearTimeout(timer);
      cancelAnimationFrame(moving.current);
      moving.current = 0;
    };
  }, [settle]);

  // A finger on the carousel: a slide under way stops at the nearest card, and nothing moves until the finger lifts.
  useEffect(() => {
    const root = rootRef.current;
    const track = trackRef.current;
    if (!root || !track) return;
    const hold = (on: boolean) => {
      touchingRef.current = on;
      setTouching(on);
    };
    const down = () => {
      hold(true);
      if (!moving.current) return;
      cancelAnimationFrame(moving.current);
      moving.current = 0;
      delete track.dataset.moving;
      track.scrollTo({ left: centre(track, nearest(track)), behavior: 'instant' });
    };
    // A touch ends with touchend or touchcancel: its pointercancel only says the browser took it over to scroll.
    const up = (event: PointerEvent | TouchEvent) => {
      if (!touchingRef.current) return;
      if ('touches' in event ? event.touches.length > 0 : event.pointerType === 'touch') return;
      hold(false);
      // A row left at rest turns now; one still scrolling (a swipe) turns when it stops (scrollend).
      if (Math.abs(track.scrollLeft - centre(track, nearest(track))) < 1) settle();
    };
    const ups = ['pointerup', 'pointercancel', 'touchend', 'touchcancel'] as const;
    root.addEventListener('pointerdown', down);
    for (const type of ups) window.addEventListener(type, up, { passive: true });
    return () => {
      root.removeEventListener('pointerdown', down);
      for (const type of ups) window.removeEventListener(type, up);
    };
  }, [rootRef, settle]);

  useEffect(() => {
    setReducedMotion(window.matchMedia('(prefers-reduced-motion: reduce)').matches);
  }, []);

  // Auto-play: one step every interval while nothing holds it; a flip click holds it a moment longer, and a finger
  // that lifts starts the beat over.
  const held = flipped.size > 0 || focused || touching || reducedMotion;
  useEffect(() => {
    if (held) return;
    let timer = 0;
    const step = () => {
      move(1, false);
      timer = window.setTimeout(step, TESTIMONIALS.autoplayMs);
    };
    const wait = Math.max(0, lastClickAt.current + TESTIMONIALS.clickPauseMs - Date.now());
    timer = window.setTimeout(() => {
      timer = window.setTimeout(step, TESTIMONIALS.autoplayMs);
    }, wait);
    return () => window.clearTimeout(timer);
  }, [held, clicks, move]);

  const setCard = useCallback((id: number, show: boolean) => {
    setFlipped((prev) => {
      const next = new Set(prev);
      if (show) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);

  // The first time the carousel is well in view, the current card shows its quote briefly.
  const currentRef = useRef(current);
  currentRef.current = current;
  const [hint, setHint] = useState<number | null>(null);
  useEffect(() => {
    const root = rootRef.current;
    if (!root || early.current || !('IntersectionObserver' in window)) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting && e.intersectionRatio >= TESTIMONIALS.hintThreshold)) return;
        observer.disconnect();
        const card = items[currentRef.current];
        if (!card) return;
        setCard(card.id, true);
        setHint(card.id);
      },
      { threshold: TESTIMONIALS.hintThreshold },
    );
    observer.observe(root);
    return () => observer.disconnect();
  }, [items, setCard, early]);
  // The hint's card turns back after its time, which stands still while a finger is on the carousel.
  const hintLeft = useRef<number>(TESTIMONIALS.hintFlipMs);
  useEffect(() => {
    if (hint === null || touching) return;
    const from = Date.now();
    const timer = window.setTimeout(() => {
      setCard(hint, false);
      setHint(null);
    }, hintLeft.current);
    return () => {
      window.clearTimeout(timer);
      hintLeft.current -= Date.now() - from;
    };
  }, [hint, touching, setCard]);

  // The arrow keys: a card along, and the focus with it, so it never stays on a card out of view.
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const by = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!by || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    event.preventDefault();
    move(by, reducedMotion)?.querySelector('button')?.focus({ preventScroll: true });
  };

  // From the current set, so clicks replayed back to back (useEarlyInput) add up.
  const toggle = (id: number) => {
    setFlipped((prev) => {
      const next = new Set(prev);
      if (!next.delete(id)) next.add(id);
      return next;
    });
    lastClickAt.current = Date.now();
    setClicks((n) => n + 1);
    // The visitor has taken the cards over: the hint turns none back.
    setHint(null);
  };

  return (
    <div
      ref={rootRef}
      role="region"
      aria-roledescription={labels.carouselKind}
      aria-label={label}
      data-testimonial-carousel
      data-ready={ready ? '' : undefined}
      data-current={current}
    >
      <div
        ref={trackRef}
        className="testimonial-track"
        style={{ '--cards-in-view': TESTIMONIALS.cardsInView } as CSSProperties}
      >
        {items.map((item, index) => {
          const isFlipped = flipped.has(item.id);
          return (
            <div
              key={item.id}
              className="testimonial-slide"
              role="group"
              aria-roledescription={labels.slideKind}
              aria-label={fillSlots(labels.slideLabel, { position: index + 1, count: items.length, name: item.name })}
              data-testimonial-id={item.id}
              data-flipped={isFlipped ? '' : undefined}
            >
              <div className="flip-card" data-flipped={isFlipped ? '' : undefined}>
                <div className="flip-card-inner">
                  <div
                    className="flip-card-face flip-card-front"
                    style={{ backgroundColor: cardColour(item.id) }}
                    aria-hidden={isFlipped || undefined}
                  >
                    <img
                      src={item.logo.src}
                      width={64}
                      height={64}
                      alt={item.alt}
                      loading="lazy"
                      decoding="async"
                      className="size-16"
                    />
                    <p className="mt-4 text-lg font-semibold text-ink">{item.name}</p>
                    <p className="text-sm text-muted">{item.category}</p>
                    {item.result && <p className="testimonial-result">{item.result}</p>}
                    {/* One hint shows, by the input (TestimonialCarousel.css); the others are display: none. */}
                    <p className="flip-card-hint">
                      <span className="hint-pointer">{labels.clickHint}</span>
                      <span className="hint-touch">{labels.tapHint}</span>
                      <span className="hint-key">{labels.keyHint}</span>
                    </p>
                  </div>
                  <figure
                    className="flip-card-face flip-card-back"
                    style={{ backgroundColor: cardColour(item.id) }}
                    aria-hidden={isFlipped ? undefined : true}
                  >
                    <blockquote className="text-sm leading-6 text-ink">
                      <p>“{keepWhole(item.quote)}”</p>
                    </blockquote>
                    <figcaption className="mt-4 flex items-center gap-3 text-sm font-semibold text-ink">
                      {item.photo && (
                        <img
                          src={item.photo.src}
                          width={40}
                          height={40}
                          alt=""
                          loading="lazy"
                          decoding="async"
                          className="size-10 shrink-0 rounded-full object-cover"
                        />
                      )}
                      {item.author}
                    </figcaption>
                  </figure>
                </div>
                <button
                  type="button"
                  className="flip-card-button"
                  aria-pressed={isFlipped}
                  aria-label={fillSlots(labels.showQuote, { name: item.name })}
                  onClick={() => toggle(item.id)}
                  onKeyDown={onKeyDown}
                  data-early=""
                />
              </div>
              {/* The customer's own page, under the card: a link of its own, never under the card's flip button. */}
              {item.link && (
                <a
                  href={item.link.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={item.link.label}
                  className="testimonial-link flip-card-link"
                >
                  {item.link.text}
                  {/* "Opens elsewhere", drawn: the brand font has no arrow. */}
                  <svg aria-hidden="true" viewBox="0 0 12 12" width="12" height="12" className="link-arrow">
                    <path
                      d="M4 2h6v6M10 2 2.5 9.5"
                      fill="none"
                      stroke="currentColor"
                      strokeWidth="1.5"
                      strokeLinecap="round"
                    />
                  </svg>
                </a>
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}
