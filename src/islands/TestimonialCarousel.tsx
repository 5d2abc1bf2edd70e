/**
 * Testimonials below 1024 px: a keen-slider carousel of flip cards. It auto-plays (infinite, centred, no arrows or
 * dots); a click flips a card to its quote and a second click flips it back. The hint on a card's face speaks the
 * device's language (tap, click or Enter), chosen by media queries in the CSS, so it is right before hydration too.
 * Auto-play waits while a card shows its quote and for a moment after each flip click, and while the carousel has
 * keyboard focus. The first time the carousel is well in view, the current card flips briefly to show that cards can
 * be turned. No auto-play under reduced motion.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useKeenSlider } from 'keen-slider/react';
import { fillSlots } from '../lib/brand';
import { cardColour, type TestimonialCard } from '../lib/testimonials';
import { TESTIMONIALS } from '../lib/timings';
import { useEarlyInput } from './hooks/useEarlyInput';
import { usePauseOnFocus } from './hooks/usePauseOnFocus';

interface Props {
  items: TestimonialCard[];
  /** Accessible name of the carousel, e.g. "Testimonials from studios". */
  label: string;
  /** Card labels: the face's hint for touch, mouse and keyboard, "Show the quote from {name}", "{position} of {count}: {name}". */
  labels: { tapHint: string; clickHint: string; keyHint: string; showQuote: string; slideLabel: string };
}

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

  const [sliderRef, slider] = useKeenSlider<HTMLDivElement>({
    loop: true,
    renderMode: 'performance',
    slides: { origin: 'center', perView: TESTIMONIALS.cardsInView, spacing: 16 },
    created: () => setReady(true),
    slideChanged: (s) => setCurrent(s.track.details.rel),
  });

  useEffect(() => {
    setReducedMotion(window.matchMedia('(prefers-reduced-motion: reduce)').matches);
  }, []);

  // Auto-play: one step every interval while nothing holds it; a flip click holds it a moment longer.
  const held = flipped.size > 0 || focused || reducedMotion;
  useEffect(() => {
    if (held) return;
    let timer = 0;
    const step = () => {
      slider.current?.next();
      timer = window.setTimeout(step, TESTIMONIALS.autoplayMs);
    };
    const wait = Math.max(0, lastClickAt.current + TESTIMONIALS.clickPauseMs - Date.now());
    timer = window.setTimeout(() => {
      timer = window.setTimeout(step, TESTIMONIALS.autoplayMs);
    }, wait);
    return () => window.clearTimeout(timer);
  }, [held, clicks, slider]);

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
  useEffect(() => {
    const root = rootRef.current;
    if (!root || early.current || !('IntersectionObserver' in window)) return;
    let timer = 0;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting && e.intersectionRatio >= TESTIMONIALS.hintThreshold)) return;
        observer.disconnect();
        const card = items[currentRef.current];
        if (!card) return;
        setCard(card.id, true);
        timer = window.setTimeout(() => setCard(card.id, false), TESTIMONIALS.hintFlipMs);
      },
      { threshold: TESTIMONIALS.hintThreshold },
    );
    observer.observe(root);
    return () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
  }, [items, setCard, early]);

  // From the current set, so clicks replayed back to back (useEarlyInput) add up.
  const toggle = (id: number) => {
    setFlipped((prev) => {
      const next = new Set(prev);
      if (!next.delete(id)) next.add(id);
      return next;
    });
    lastClickAt.current = Date.now();
    setClicks((n) => n + 1);
  };

  return (
    <div
      ref={rootRef}
      role="region"
      aria-roledescription="carousel"
      aria-label={label}
      data-testimonial-carousel
      data-ready={ready ? '' : undefined}
      data-current={current}
    >
      <div ref={sliderRef} className="keen-slider">
        {items.map((item, index) => {
          const isFlipped = flipped.has(item.id);
          return (
            <div
              key={item.id}
              className="keen-slider__slide testimonial-slide"
              role="group"
              aria-roledescription="slide"
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
                      <p>“{item.quote}”</p>
                    </blockquote>
                    <figcaption className="mt-4 text-sm font-semibold text-ink">{item.author}</figcaption>
                  </figure>
                </div>
                <button
                  type="button"
                  className="flip-card-button"
                  aria-pressed={isFlipped}
                  aria-label={fillSlots(labels.showQuote, { name: item.name })}
                  onClick={() => toggle(item.id)}
                  data-early=""
                />
              </div>
            </div>
          );
        })}
      </div>
    </div>
  );
}
