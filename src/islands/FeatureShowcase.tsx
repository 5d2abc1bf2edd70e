/**
 * Home feature showcase: one active entry, auto-advancing (wrapping) on a steady beat. A tab or arrow click selects an
 * entry and holds auto-advance, which resumes a while later. Desktop: pill tabs (tablist, arrow keys move between
 * them). Mobile: previous and next arrows. Keyboard focus inside and reduced motion keep it still.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { fillSlots } from '../lib/brand';
import type { IconName } from '../lib/icons';
import type { ShowcaseCopy, ShowcaseEntry } from '../lib/schemas/home';
import { tabKeyTarget } from '../lib/tabs';
import { SHOWCASE_ADVANCE_MS, SHOWCASE_PAUSE_MS } from '../lib/timings';
import { useEarlyInput } from './hooks/useEarlyInput';
import { usePauseOnFocus } from './hooks/usePauseOnFocus';
import { keepWhole } from './keep-whole';

/**
 * The icons this island draws, by name: the page holds their drawings once, as symbols with the ids
 * `{SHOWCASE_ICONS}-{name}` (src/components/ui/IconSprite.astro), so neither the props nor the bundle carry them.
 */
export const SHOWCASE_ICONS = 'showcase-icon';
export const ARROW_ICONS = ['ChevronLeft', 'ChevronRight'] as const satisfies readonly IconName[];

/** The showcase's labels (src/content/home/home.json, `showcase`; View More from the site-wide labels). */
export type ShowcaseLabels = Pick<ShowcaseCopy, 'tabsLabel' | 'previous' | 'next' | 'position'> & { viewMore: string };

interface Props {
  entries: ShowcaseEntry[];
  labels: ShowcaseLabels;
}

function Svg({ name, size = 24, className }: { name: IconName; size?: number; className?: string }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={className}
    >
      <use href={`#${SHOWCASE_ICONS}-${name}`} />
    </svg>
  );
}

export default function FeatureShowcase({ entries, labels }: Props) {
  const count = entries.length;
  const [active, setActive] = useState(0);
  const [paused, setPaused] = useState(false);
  const { ref: rootRef, focused } = usePauseOnFocus<HTMLDivElement>();
  const [still, setStill] = useState(false);
  // The preview rows slide in when an entry becomes active, not on the first render (nor without JavaScript).
  const [moved, setMoved] = useState(false);
  const firstActive = useRef(true);
  const resumeTimer = useRef(0);
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const id = useId();
  // Tab and arrow clicks made before hydration are replayed in order once it is awake.
  useEarlyInput(rootRef);

  useEffect(() => {
    setStill(window.matchMedia('(prefers-reduced-motion: reduce)').matches);
    return () => window.clearTimeout(resumeTimer.current);
  }, []);

  useEffect(() => {
    if (firstActive.current) firstActive.current = false;
    else setMoved(true);
  }, [active]);

  // Auto-advance: a steady beat while nothing holds it.
  useEffect(() => {
    if (paused || focused || still) return;
    const timer = window.setInterval(() => setActive((i) => (i + 1) % count), SHOWCASE_ADVANCE_MS);
    return () => window.clearInterval(timer);
  }, [paused, focused, still, count]);

  // Takes the new index from the current one, so clicks replayed back to back (useEarlyInput) add up.
  const select = (to: (current: number) => number) => {
    setActive((i) => ((to(i) % count) + count) % count);
    setPaused(true);
    window.clearTimeout(resumeTimer.current);
    resumeTimer.current = window.setTimeout(() => setPaused(false), SHOWCASE_PAUSE_MS);
  };

  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const next = tabKeyTarget(event.key, active, count);
    if (next === null) return;
    event.preventDefault();
    select(() => next);
    tabRefs.current[next]?.focus();
  };

  const entry = entries[active] ?? entries[0];
  if (!entry) return null;
  const tabId = (i: number) => `${id}-tab-${i}`;
  const panelId = `${id}-panel`;

  return (
    <div ref={rootRef} data-showcase data-active={active} data-paused={paused ? '' : undefined}>
      <div role="tablist" aria-label={labels.tabsLabel} className="hidden flex-wrap justify-center gap-2 md:flex">
        {entries.map((item, i) => (
          <button
            key={item.title}
            ref={(el) => {
              tabRefs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={tabId(i)}
            aria-selected={i === active}
            aria-controls={panelId}
            tabIndex={i === active ? 0 : -1}
            onClick={() => select(() => i)}
            onKeyDown={onTabKey}
            data-early=""
            className={`inline-flex min-h-11 items-center gap-2 rounded-full border px-4 py-2 text-sm font-semibold transition-colors ${
              i === active
                ? 'border-brand-600 bg-brand-600 text-white'
                : 'border-gray-200 bg-white text-ink hover:border-brand-600 hover:text-brand-700'
            }`}
          >
            <Svg name={item.icon} size={18} />
            {item.tab}
          </button>
        ))}
      </div>

      <div
        role="tabpanel"
        id={panelId}
        aria-labelledby={tabId(active)}
        className="mt-8 grid min-h-[44rem] items-center gap-8 rounded-3xl bg-brand-50 p-6 sm:p-10 md:min-h-[26.5rem] md:grid-cols-2"
      >
        <div>
          <span className="flex size-12 items-center justify-center rounded-2xl bg-white text-brand-700 shadow-sm">
            <Svg name={entry.icon} />
          </span>
          <h3 className="mt-5 text-2xl font-bold text-ink">{keepWhole(entry.title)}</h3>
          <p className="mt-3 text-lg leading-8 text-muted">{keepWhole(entry.subtitle)}</p>
          <a href={entry.to} className="mt-6 btn-primary">
            {labels.viewMore}
          </a>
        </div>
        <div
          key={active}
          role="img"
          aria-label={entry.imageAlt}
          className="showcase-image rounded-2xl bg-white p-5 shadow-xl shadow-brand-900/10"
        >
          <div className="flex items-center gap-3 border-b border-gray-100 pb-4">
            <span className="flex size-9 items-center justify-center rounded-xl bg-brand-600 text-white">
              <Svg name={entry.icon} size={18} />
            </span>
            <span className="font-semibold text-ink">{entry.title}</span>
          </div>
          <ul className="mt-4 space-y-3">
            {entry.preview.map((line, i) => (
              <li
                key={line}
                className={`${moved ? 'showcase-row' : ''}flex items-center gap-3 rounded-xl bg-gray-50 px-4 py-3 text-sm text-ink`}
                style={{ animationDelay: `${i * 150}ms` }}
              >
                <span className="size-2.5 shrink-0 rounded-full bg-brand-500" />
                {line}
              </li>
            ))}
          </ul>
        </div>
      </div>

      <div className="mt-6 flex items-center justify-center gap-4 md:hidden">
        <button
          type="button"
          aria-label={labels.previous}
          onClick={() => select((i) => i - 1)}
          data-early=""
          className="flex size-11 items-center justify-center rounded-full border border-gray-200 bg-white text-brand-700"
        >
          <Svg name="ChevronLeft" />
        </button>
        <span className="text-sm font-medium text-muted" aria-live={paused ? 'polite' : 'off'}>
          {fillSlots(labels.position, { position: active + 1, count })}
        </span>
        <button
          type="button"
          aria-label={labels.next}
          onClick={() => select((i) => i + 1)}
          data-early=""
          className="flex size-11 items-center justify-center rounded-full border border-gray-200 bg-white text-brand-700"
        >
          <Svg name="ChevronRight" />
        </button>
      </div>
    </div>
  );
}
