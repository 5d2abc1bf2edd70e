/** A labelled range input with its current value printed beside the label. */
import type { SliderSettings } from '../lib/roi';
import { formatNumber, formatRupees } from '../lib/format';
import { keepWhole } from './keep-whole';

/** A slider's value as its label shows it, in the digits of the page's language (`tag`). */
export function formatSliderValue(slider: SliderSettings, value: number, tag?: string): string {
  if (slider.unit === 'rupees') return formatRupees(value, { tag });
  if (slider.unit === 'percent') return `${value}%`;
  return formatNumber(value, tag);
}

interface Props {
  id: string;
  label: string;
  slider: SliderSettings;
  value: number;
  onChange: (value: number) => void;
  /** The page locale's BCP 47 tag, for its digits. */
  tag?: string;
}

export default function Slider({ id, label, slider, value, onChange, tag }: Props) {
  const shown = formatSliderValue(slider, value, tag);
  const fill = slider.max > slider.min ? ((value - slider.min) / (slider.max - slider.min)) * 100 : 0;
  return (
    <div>
      <div className="flex items-baseline justify-between gap-4">
        <label htmlFor={id} className="text-sm font-semibold text-ink">
          {keepWhole(label)}
        </label>
        <output htmlFor={id} className="text-base font-bold text-brand-700 tabular-nums" data-slider-value="">
          {shown}
        </output>
      </div>
      <input
        id={id}
        type="range"
        min={slider.min}
        max={slider.max}
        step={slider.step}
        value={value}
        aria-valuetext={shown}
        onChange={(event) => onChange(Number(event.currentTarget.value))}
        className="roi-range mt-2 w-full"
        style={{ '--fill': `${fill}%` } as React.CSSProperties}
      />
    </div>
  );
}
