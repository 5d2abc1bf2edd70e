/**
 * The fields every lead form shares: name, mobile (with inline messages), the notice at collection (what is taken,
 * why, and where the privacy policy says how to withdraw consent, correct or erase the details and complain) and the
 * hidden honeypot; and the status line of a lead kept for later (LeadStatus).
 */
import { useEffect, useRef, type Ref } from 'react';
import { HONEYPOT_FIELD, type Lead, type LeadErrors } from '../lib/leads/rules';
import { leadErrorText, type LeadFieldLabels } from '../lib/leads/fields';
import { keepWhole } from './keep-whole';
import type { KeptStatus } from './hooks/useLeadSubmit';

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
      <p className="text-xs leading-snug text-muted">
        {keepWhole(labels.notice.text)}{' '}
        <a href={labels.notice.to} className="font-semibold text-brand-700 underline underline-offset-2">
          {keepWhole(labels.notice.link)}
        </a>
      </p>
      <div className="sr-only">
        <label htmlFor={`${id}-${HONEYPOT_FIELD}`}>{labels.honeypot}</label>
        <input id={`${id}-${HONEYPOT_FIELD}`} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" />
      </div>
    </>
  );
}

/**
 * One line that says where a kept lead is (the browser is offline, or the site did not take it yet), read out when it
 * changes; empty otherwise, and then out of the layout but still in the accessibility tree, so that the words are
 * announced when they come.
 */
export function LeadStatus({ labels, status }: { labels: Pick<LeadFieldLabels, 'kept'>; status: KeptStatus }) {
  const line = useRef<HTMLParagraphElement>(null);
  // Under the button of a form that scrolls (the popup's sheet on a phone), the line is brought into sight.
  useEffect(() => {
    if (status) line.current?.scrollIntoView({ block: 'nearest' });
  }, [status]);
  return (
    <p ref={line} role="status" className="text-sm font-medium text-ink empty:sr-only">
      {status ? keepWhole(labels.kept[status]) : null}
    </p>
  );
}
