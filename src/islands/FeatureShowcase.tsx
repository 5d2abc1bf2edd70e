/**
 * Home feature showcase: one active entry, auto-advancing (wrapping) on a steady beat. A tab or arrow click selects an
 * entry and holds auto-advance, which resumes a while later. Desktop: pill tabs (tablist, arrow keys move between
 * them). Mobile: previous and next arrows. Keyboard focus inside and reduced motion keep it still.
 */
import { createElement, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { SHOWCASE_ADVANCE_MS, SHOWCASE_PAUSE_MS } from '../lib/timings';
import './FeatureShowcase.css';

export type IconNode = [string, Record<string, string>][];

export interface ShowcaseEntry {
  title: string;
  subtitle: string;
  icon: IconNode;
  preview: string[];
  imageAlt: string;
  to: string;
}

interface Props {
  entries: ShowcaseEntry[];
  viewMore: string;
  /** Accessible name of the tab list. */
  label: string;
}

function Svg({ node, size = 24, className }: { node: IconNode; size?: number; className?: string }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={className}
    >
      {node.map(([tag, attrs], i) => createElement(tag, { ...attrs, key: i }))}
    </svg>
  );
}

const chevronLeft: IconNode = [['path', { d: 'm15 18-6-6 6-6' }]];
const chevronRight: IconNode = [['path', { d: 'm9 18 6-6-6-6' }]];

export default function FeatureShowcase({ entries, viewMore, label }: Props) {
  const count = entries.length;
  const [active, setActive] = useState(0);
  const [paused, setPaused] = useState(false);
  const [focused, setFocused] = useState(false);
  const [still, setStill] = useState(false);
  // The preview rows slide in when an entry becomes active, not on the first render (nor without JavaScript).
  const [moved, setMoved] = useState(false);
  const firstActive = useRef(true);
  const resumeTimer = useRef(0);
  const rootRef = useRef<HTMLDivElement | null>(null);
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const id = useId();

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

  // Keyboard focus inside holds auto-advance; the focus a click leaves behind does not.
  useEffect(() => {
    const root = rootRef.current;
    if (!root) return;
    const onFocusIn = (event: FocusEvent) => {
      if ((event.target as HTMLElement).matches(':focus-visible')) setFocused(true);
    };
    const onFocusOut = (event: FocusEvent) => {
      if (!root.contains(event.relatedTarget as Node | null)) setFocused(false);
    };
    root.addEventListener('focusin', onFocusIn);
    root.addEventListener('focusout', onFocusOut);
    return () => {
      root.removeEventListener('focusin', onFocusIn);
      root.removeEventListener('focusout', onFocusOut);
    };
  }, []);

  const select = (index: number) => {
    setActive(((index % count) + count) % count);
    setPaused(true);
    window.clearTimeout(resumeTimer.current);
    resumeTimer.current = window.setTimeout(() => setPaused(false), SHOWCASE_PAUSE_MS);
  };

  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const moves: Record<string, number> = {
      ArrowRight: active + 1,
      ArrowLeft: active - 1,
      Home: 0,
      End: count - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = ((target % count) + count) % count;
    select(next);
    tabRefs.current[next]?.focus();
  };

  const entry = entries[active] ?? entries[0];
  if (!entry) return null;
  const tabId = (i: number) => `${id}-tab-${i}`;
  const panelId = `${id}-panel`;

  return (
    <div ref={rootRef} data-showcase data-active={active} data-paused={paused ? '' : undefined}>
      <div role="tablist" aria-label={label} className="hidden flex-wrap justify-center gap-2 md:flex">
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
            onClick={() => select(i)}
            onKeyDown={onTabKey}
            className={`inline-flex min-h-11 items-center gap-2 rounded-full border px-4 py-2 text-sm font-semibold transition-colors ${
              i === active
                ? 'border-brand-600 bg-brand-600 text-white'
                : 'border-gray-200 bg-white text-ink hover:border-brand-600 hover:text-brand-700'
            }`}
          >
            <Svg node={item.icon} size={18} />
            {item.title.replace(/^Manage\s+/, '')}
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
            <Svg node={entry.icon} />
          </span>
          <h3 className="mt-5 text-2xl font-bold text-ink">{entry.title}</h3>
          <p className="mt-3 text-lg leading-8 text-muted">{entry.subtitle}</p>
          <a href={entry.to} className="mt-6 btn-primary">
            {viewMore}
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
              <Svg node={entry.icon} size={18} />
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
          aria-label="Previous feature"
          onClick={() => select(active - 1)}
          className="flex size-11 items-center justify-center rounded-full border border-gray-200 bg-white text-brand-700"
        >
          <Svg node={chevronLeft} />
        </button>
        <span className="text-sm font-medium text-muted" aria-live={paused ? 'polite' : 'off'}>
          {active + 1} of {count}
        </span>
        <button
          type="button"
          aria-label="Next feature"
          onClick={() => select(active + 1)}
          className="flex size-11 items-center justify-center rounded-full border border-gray-200 bg-white text-brand-700"
        >
          <Svg node={chevronRight} />
        </button>
      </div>
    </div>
  );
}
