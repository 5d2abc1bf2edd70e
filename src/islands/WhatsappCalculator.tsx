/** WhatsApp Marketing Impact: messages sent × conversion rate -> new members -> monthly revenue. */
import { useId, useRef, useState } from 'react';
import { formatNumber, formatRupees } from '../lib/format';
import { trackCalculator } from '../browser/analytics/track';
import { WHATSAPP_SLIDERS, defaultsOf, whatsappImpact, type Values } from '../lib/roi';
import { WHATSAPP_REVENUE_HIGHLIGHT_MS } from '../lib/timings';
import type { WhatsappImpactCopy } from '../lib/schemas/home';
import LiveFigure from './LiveFigure';
import Slider from './Slider';
import { useEarlyInput } from './hooks/useEarlyInput';
import { useHighlight } from './hooks/useHighlight';

interface Props {
  /** The calculator's labels (the home page's `whatsappImpact`). */
  copy: Omit<WhatsappImpactCopy, 'eyebrow' | 'heading' | 'intro' | 'open'>;
  /** Label of the link to the WhatsApp Business API page (the site's `buttons.viewMore`). */
  viewMore: string;
  /** The page locale's BCP 47 tag, for its digits. */
  tag: string;
}

export default function WhatsappCalculator({ copy, viewMore, tag }: Props) {
  const uid = useId();
  const [values, setValues] = useState<Values>(() => defaultsOf(WHATSAPP_SLIDERS));
  // Any input change highlights the revenue, even when the figure stays the same.
  const [changes, setChanges] = useState(0);
  const highlighted = useHighlight(changes, WHATSAPP_REVENUE_HIGHLIGHT_MS);
  const { converted, revenue } = whatsappImpact(values);
  // Sliders moved before hydration (natively) become the state.
  const rootRef = useRef<HTMLDivElement>(null);
  useEarlyInput(rootRef);

  return (
    <div ref={rootRef} className="grid grid-cols-1 gap-8 lg:grid-cols-[3fr_2fr]">
      <div className="space-y-6 rounded-3xl border border-gray-200 bg-white p-6 shadow-sm sm:p-8">
        {WHATSAPP_SLIDERS.map((slider) => (
          <Slider
            key={slider.key}
            id={`${uid}-${slider.key}`}
            label={copy.sliders[slider.key]!}
            slider={slider}
            tag={tag}
            value={values[slider.key] ?? slider.default}
            onChange={(value) => {
              setValues((v) => ({ ...v, [slider.key]: value }));
              setChanges((n) => n + 1);
              trackCalculator('whatsapp');
            }}
          />
        ))}
      </div>
      <div className="@container flex flex-col rounded-3xl bg-emerald-900 p-6 text-white sm:p-8">
        <h3 className="text-sm font-semibold tracking-wide text-emerald-100 uppercase">{copy.converted}</h3>
        <p className="mt-2 text-3xl font-extrabold tabular-nums" data-wa-converted="">
          {formatNumber(converted, tag)}
        </p>
        <h3 className="mt-6 text-sm font-semibold tracking-wide text-emerald-100 uppercase">{copy.revenue}</h3>
        <LiveFigure
          highlighted={highlighted}
          className="mt-2 rounded-xl text-[length:min(2.25rem,11.5cqi)] leading-tight font-extrabold whitespace-nowrap tabular-nums transition-colors duration-200"
          marker="data-wa-revenue"
        >
          {formatRupees(revenue, { tag })}
        </LiveFigure>
        <a href="/business-whatsapp-api" className="mt-8 btn self-start bg-white text-emerald-900 hover:bg-emerald-50">
          {viewMore}
        </a>
      </div>
    </div>
  );
}
