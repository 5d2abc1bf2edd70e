/**
 * The blog's category tab bar: "All" plus one tab per category. Selecting a tab filters the prerendered entries in the
 * tab panel by category id (each entry carries data-category), renumbers the visible ones 01, 02, ... and shows
 * "No blogs found" when none is left. Keyboard: arrow keys, Home and End move between tabs (WAI-ARIA tabs pattern).
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { entryNumber } from '../lib/blog/post';
import { tabKeyTarget } from '../lib/tabs';

export interface BlogCategoryFilterProps {
  categories: { id: string; name: string }[];
  /** id of the tab panel that holds the list (entries: [data-blog-entry], empty state: [data-blog-empty]). */
  panelId: string;
  label: string;
  /** The first tab, which shows every post: "All". */
  allLabel: string;
}

export const ALL = 'all';

export const tabId = (id: string) => `blog-tab-${id === ALL ? 'all' : `c-${id.replace(/[^\w-]/g, '_')}`}`;

function applyFilter(panelId: string, categoryId: string): void {
  const panel = document.getElementById(panelId);
  if (!panel) return;
  let visible = 0;
  for (const entry of panel.querySelectorAll<HTMLElement>('[data-blog-entry]')) {
    const show = categoryId === ALL || entry.dataset.category === categoryId;
    entry.hidden = !show;
    if (show) {
      visible += 1;
      const number = entry.querySelector('[data-blog-number]');
      if (number) number.textContent = entryNumber(visible);
    }
  }
  const empty = panel.querySelector<HTMLElement>('[data-blog-empty]');
  if (empty) empty.hidden = visible > 0;
  panel.setAttribute('aria-labelledby', tabId(categoryId));
}

export default function BlogCategoryFilter({ categories, panelId, label, allLabel }: BlogCategoryFilterProps) {
  const [active, setActive] = useState(ALL);
  const tabs = [{ id: ALL, name: allLabel }, ...categories];
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  // Marks the tab bar as interactive once hydrated (before that the server-rendered tabs only show "All").
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);

  const select = (id: string) => {
    setActive(id);
    applyFilter(panelId, id);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const next = tabKeyTarget(event.key, index, tabs.length, true);
    if (next === null) return;
    event.preventDefault();
    refs.current[next]?.focus();
    select(tabs[next]?.id ?? ALL);
  };

  return (
    <div role="tablist" aria-label={label} data-ready={ready || undefined} className="flex flex-wrap gap-2">
      {tabs.map((tab, index) => {
        const selected = tab.id === active;
        return (
          <button
            key={tab.id}
            ref={(element) => {
              refs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={tabId(tab.id)}
            aria-selected={selected}
            aria-controls={panelId}
            tabIndex={selected ? 0 : -1}
            onClick={() => select(tab.id)}
            onKeyDown={(event) => onKeyDown(event, index)}
            className={`min-h-11 rounded-full border px-4 py-2 text-sm font-semibold transition-colors ${
              selected
                ? 'border-brand-700 bg-brand-700 text-white'
                : 'border-gray-300 bg-white text-ink hover:border-brand-600 hover:text-brand-700'
            }`}
          >
            {tab.name}
          </button>
        );
      })}
    </div>
  );
}
