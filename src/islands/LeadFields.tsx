/** The fields every lead form shares: name, mobile (with inline messages) and the hidden honeypot. */
import type { Ref } from 'react';
import { HONEYPOT_FIELD, type Lead, type LeadErrors } from '../lib/leads/rules';
import { leadErrorText, type LeadFieldLabels } from '../lib/leads/fields';
import { keepWhole } from './keep-whole';

interface Props {
  /** Prefix for element ids, unique on the page. */
  id: string;
  labels: LeadFieldLabels;
  errors: LeadErrors;
  nameRef?: Ref<HTMLInputElement>;
  mobileRef?: Ref<HTMLInputElement>;
  /** Visible labels; the popup hides them visually and keeps them for screen readers. */
  labelClass?: string;
  /** Fields 46 px tall instead of 50 (the popup's, on a phone: its button stays in sight). */
  dense?: boolean;
}

const inputClass =
  'block w-full rounded-xl border border-gray-300 bg-white px-4 text-base text-ink placeholder:text-gray-500 focus-visible:border-brand-600 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 aria-[invalid=true]:border-red-700 disabled:bg-gray-50';

export default function LeadFields({
  id,
  labels,
  errors,
  nameRef,
  mobileRef,
  // The space between a label and its field is the label's: a label only a screen reader reads takes none.
  labelClass = 'mb-1 block text-sm font-semibold text-ink',
  dense = false,
}: Props) {
  const describe = (field: keyof Lead) => (errors[field] ? `${id}-${field}-error` : undefined);
  const fields = [
    {
      field: 'name',
      label: labels.name,
      type: 'text',
      autoComplete: 'name',
      placeholder: labels.namePlaceholder,
      ref: nameRef,
    },
    {
      field: 'mobile',
      label: labels.mobile,
      type: 'tel',
      autoComplete: 'tel',
      placeholder: labels.mobilePlaceholder,
      ref: mobileRef,
    },
  ] as const;
  return (
    <>
      {fields.map(({ field, label, type, autoComplete, placeholder, ref }) => (
        <div key={field}>
          <label htmlFor={`${id}-${field}`} className={labelClass}>
            {keepWhole(label)}
          </label>
          <input
            ref={ref}
            id={`${id}-${field}`}
            name={field}
            type={type}
            required
            autoComplete={autoComplete}
            inputMode={type === 'tel' ? 'tel' : undefined}
            placeholder={placeholder}
            className={`${inputClass} ${dense ? 'py-2.5 sm:py-3' : 'py-3'}`}
            aria-invalid={errors[field] ? true : undefined}
            aria-describedby={describe(field)}
          />
          {errors[field] && (
            <p id={`${id}-${field}-error`} className="mt-1 text-sm text-red-700">
              {leadErrorText(labels.errors, field, errors[field])}
            </p>
          )}
        </div>
      ))}
      <div className="sr-only">
        <label htmlFor={`${id}-${HONEYPOT_FIELD}`}>{labels.honeypot}</label>
        <input id={`${id}-${HONEYPOT_FIELD}`} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" />
      </div>
    </>
  );
}
