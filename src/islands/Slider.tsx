/** A labelled range input with its current value printed beside the label. */
import type { SliderSettings } from '../lib/roi';
import { formatRupees } from '../lib/format';
import { keepWhole } from './keep-whole';

export function formatSliderValue(slider: SliderSettings, value: number): string {
  if (slider.unit === 'rupees') return formatRupees(value);
  if (slider.unit === 'percent') return `${value}%`;
  return value.toLocaleString('en-IN');
}

interface Props {
  id: string;
  label: string;
  slider: SliderSettings;
  value: number;
  onChange: (value: number) => void;
}

export default function Slider({ id, label, slider, value, onChange }: Props) {
  const shown = formatSliderValue(slider, value);
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
