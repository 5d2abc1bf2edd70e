/** Revenue (ROI) calculator: five tabs of sliders and the total annual revenue across them. */
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { formatRupees } from '../lib/format';
import { trackCalculator } from '../browser/analytics/track';
import {
  BILLING_CYCLES,
  ROI_TABS,
  initialRoiState,
  revenueBreakdown,
  totalAnnualRevenue,
  type BillingCycle,
  type RoiState,
  type RoiTabId,
} from '../lib/roi';
import { tabKeyTarget } from '../lib/tabs';
import { ROI_TOTAL_HIGHLIGHT_MS } from '../lib/timings';
import type { RoiCopy } from '../lib/schemas/home';
import LiveFigure from './LiveFigure';
import Slider from './Slider';
import { useEarlyInput } from './hooks/useEarlyInput';
import { useHighlight } from './hooks/useHighlight';

interface Props {
  /** Every label of the calculator (the home page's `roi`). */
  copy: Omit<RoiCopy, 'eyebrow' | 'heading' | 'intro' | 'open'>;
  /** The page locale's BCP 47 tag, for its digits. */
  tag: string;
}

export default function RoiCalculator({ copy, tag }: Props) {
  const uid = useId();
  const [active, setActive] = useState<RoiTabId>('plans');
  const [state, setState] = useState<RoiState>(initialRoiState);
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  // Sliders and the cycle moved, or a tab clicked, before hydration become the state (sliders and radios natively).
  const rootRef = useRef<HTMLDivElement>(null);
  useEarlyInput(rootRef);
  const total = totalAnnualRevenue(state);
  const highlighted = useHighlight(total, ROI_TOTAL_HIGHLIGHT_MS);
  const tab = ROI_TABS.find((t) => t.id === active) ?? ROI_TABS[0]!;
  const tabCopy = copy.tabs[tab.id];

  const setValue = (key: string, value: number) =>
    setState((s) => ({ ...s, values: { ...s.values, [active]: { ...s.values[active], [key]: value } } }));
  const setCycle = (cycle: BillingCycle) => setState((s) => ({ ...s, cycle }));

  function onTabKey(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const next = tabKeyTarget(event.key, index, ROI_TABS.length);
    if (next === null) return;
    event.preventDefault();
    setActive(ROI_TABS[next]!.id);
    tabRefs.current[next]?.focus();
  }

  return (
    <div ref={rootRef} className="grid grid-cols-1 gap-8 lg:grid-cols-[3fr_2fr]">
      <div className="rounded-3xl border border-gray-200 bg-white p-6 shadow-sm sm:p-8">
        <div role="tablist" aria-label={copy.tabsLabel} className="flex flex-wrap gap-2">
          {ROI_TABS.map((t, i) => (
            <button
              key={t.id}
              ref={(el) => {
                tabRefs.current[i] = el;
              }}
              type="button"
              role="tab"
              id={`${uid}-tab-${t.id}`}
              aria-selected={t.id === active}
              aria-controls={`${uid}-panel`}
              tabIndex={t.id === active ? 0 : -1}
              onClick={() => setActive(t.id)}
              onKeyDown={(event) => onTabKey(event, i)}
              data-early=""
              className="min-h-11 rounded-full border border-gray-200 px-4 text-sm font-semibold text-ink aria-selected:border-brand-600 aria-selected:bg-brand-600 aria-selected:text-white"
            >
              {copy.tabs[t.id].label}
            </button>
          ))}
        </div>
        <div role="tabpanel" id={`${uid}-panel`} aria-labelledby={`${uid}-tab-${active}`} className="mt-6 space-y-6">
          {tab.sliders.map((slider) => (
            <Slider
              key={`${active}-${slider.key}`}
              id={`${uid}-${active}-${slider.key}`}
              label={tabCopy.sliders[slider.key]!}
              slider={slider}
              tag={tag}
              value={state.values[active][slider.key] ?? slider.default}
              onChange={(value) => (trackCalculator('revenue'), setValue(slider.key, value))}
            />
          ))}
          {active === 'plans' && (
            <fieldset>
              <legend className="text-sm font-semibold text-ink">{copy.cycleLegend}</legend>
              <div className="mt-2 flex gap-2">
                {BILLING_CYCLES.map((cycle) => (
                  <label
                    key={cycle}
                    className="flex min-h-11 cursor-pointer items-center gap-2 rounded-full border border-gray-200 px-4 text-sm font-semibold has-checked:border-brand-600 has-checked:bg-brand-50"
                  >
                    <input
                      type="radio"
                      name={`${uid}-cycle`}
                      value={cycle}
                      checked={state.cycle === cycle}
                      onChange={() => setCycle(cycle)}
                      className="accent-brand-600"
                    />
                    {copy.cycles[cycle]}
                  </label>
                ))}
              </div>
            </fieldset>
          )}
        </div>
      </div>

      <div className="@container rounded-3xl bg-brand-900 p-6 text-white sm:p-8">
        <h3 className="text-sm font-semibold tracking-wide text-brand-100 uppercase">{copy.total}</h3>
        {/* Sized to its card: the largest total (nine digits) fits on one line at any width; the figure never
            breaks, and "/Year" moves to the next line whole when it has no room. */}
        <LiveFigure
          highlighted={highlighted}
          className="mt-2 rounded-xl text-[length:min(3rem,11.5cqi)] leading-tight font-extrabold tabular-nums transition-colors duration-300"
          marker="data-roi-total"
        >
          <span className="whitespace-nowrap">{formatRupees(total, { tag })}</span>
          <wbr />
          <span className="text-[0.5em] whitespace-nowrap">{copy.perYear}</span>
        </LiveFigure>
        <h3 className="mt-8 text-sm font-semibold tracking-wide text-brand-100 uppercase">{copy.breakdown}</h3>
        <ul className="mt-3 divide-y divide-white/15">
          {revenueBreakdown(state).map((row) => (
            <li key={row.id} className="flex justify-between gap-4 py-2 text-sm" data-roi-row={row.id}>
              <span>{copy.tabs[row.id].revenueLabel}</span>
              <span className="font-semibold tabular-nums">{formatRupees(row.amount, { tag })}</span>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
