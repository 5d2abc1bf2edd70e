/** A labelled range input with its current value printed beside the label. */
import type { SliderSpec } from '../lib/roi';
import { formatRupees } from '../lib/format';

export function formatSliderValue(spec: SliderSpec, value: number): string {
  if (spec.unit === 'rupees') return formatRupees(value);
  if (spec.unit === 'percent') return `${value}%`;
  return value.toLocaleString('en-IN');
}

interface Props {
  id: string;
  label: string;
  spec: SliderSpec;
  value: number;
  onChange: (value: number) => void;
}

export default function Slider({ id, label, spec, value, onChange }: Props) {
  const shown = formatSliderValue(spec, value);
  const fill = spec.max > spec.min ? ((value - spec.min) / (spec.max - spec.min)) * 100 : 0;
  return (
    <div>
      <div className="flex items-baseline justify-between gap-4">
        <label htmlFor={id} className="text-sm font-semibold text-ink">
          {label}
        </label>
        <output htmlFor={id} className="text-base font-bold text-brand-700 tabular-nums" data-slider-value="">
          {shown}
        </output>
      </div>
      <input
        id={id}
        type="range"
        min={spec.min}
        max={spec.max}
        step={spec.step}
        value={value}
        aria-valuetext={shown}
        onChange={(event) => onChange(Number(event.currentTarget.value))}
        className="roi-range mt-2 w-full"
        style={{ '--fill': `${fill}%` } as React.CSSProperties}
      />
    </div>
  );
}
