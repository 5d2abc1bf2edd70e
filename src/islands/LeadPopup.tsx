/**
 * The home page lead popup: the Mega Bundle offer with a countdown, and a name + mobile form that posts the lead to
 * this site's relay (/api/leads), or straight to the CRM in direct mode. Opens once hydrated (on idle) as a modal
 * dialog; once dismissed it stays closed for this page view.
 */
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { countdownParts, twoDigits } from '../lib/countdown';
import { buildPopupRequest, type LeadTarget } from '../lib/crm';
import { formatRupees } from '../lib/format';
import { createResendGuard, isBot, normaliseLead, validateLead, type LeadErrors } from '../lib/lead';
import { COUNTDOWN_TICK_MS } from '../lib/timings';
import LeadFields, { readLeadForm } from './LeadFields';
import { THANK_YOU_PATH } from '../config/routes';
import type { Offer } from '../lib/schemas/offer';
import type { Ui } from '../lib/schemas/ui';

interface Props {
  offer: Offer;
  crm: LeadTarget;
  /** The fields' labels (src/content/ui.json, `leadForm`). */
  labels: Ui['leadForm'];
}

const UNITS = [
  ['days', 'Days'],
  ['hours', 'Hours'],
  ['minutes', 'Minutes'],
  ['seconds', 'Seconds'],
] as const;

export default function LeadPopup({ offer, crm, labels }: Props) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const mobileRef = useRef<HTMLInputElement>(null);
  const guard = useRef(createResendGuard());
  const [now, setNow] = useState(() => new Date());
  const [submitting, setSubmitting] = useState(false);
  const [errors, setErrors] = useState<LeadErrors>({});
  const deadline = new Date(offer.deadline);
  const left = countdownParts(deadline, now);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (!dialog.open) dialog.showModal();
    // A click on the dialog box itself, outside its content, is a click on the backdrop. (Escape closes natively.)
    const onBackdrop = (event: MouseEvent) => event.target === dialog && dialog.close();
    dialog.addEventListener('click', onBackdrop);
    return () => dialog.removeEventListener('click', onBackdrop);
  }, []);

  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), COUNTDOWN_TICK_MS);
    return () => window.clearInterval(timer);
  }, []);

  const close = () => dialogRef.current?.close();

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const form = event.currentTarget;
    const input = readLeadForm(form);
    if (isBot(input)) {
      form.reset();
      window.location.assign(THANK_YOU_PATH);
      return;
    }
    const lead = normaliseLead(input);
    const found = validateLead(lead);
    setErrors(found);
    if (found.name) return nameRef.current?.focus();
    if (found.mobile) return mobileRef.current?.focus();
    if (!guard.current.tryStart()) return;

    setSubmitting(true);
    const request = buildPopupRequest(lead, crm);
    try {
      const response = await fetch(request.url, {
        method: request.method,
        headers: request.headers,
        body: request.body,
      });
      if (!response.ok) {
        console.error('Lead submission failed:', response.status, await response.text().catch(() => ''));
        guard.current.reset();
        return;
      }
      form.reset();
      window.location.assign(THANK_YOU_PATH);
    } catch (error) {
      console.error('Lead submission failed:', error);
      guard.current.reset();
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby="lead-popup-title"
      aria-describedby="lead-popup-text"
      className="lead-popup m-auto w-[min(32rem,calc(100vw-2rem))] max-w-none rounded-3xl bg-white p-0 text-ink shadow-2xl backdrop:bg-gray-900/60"
    >
      <div className="relative p-6 sm:p-8">
        <button
          type="button"
          onClick={close}
          aria-label="Close offer"
          className="absolute top-3 right-3 inline-flex size-11 items-center justify-center rounded-full text-muted hover:bg-gray-100"
        >
          <svg
            viewBox="0 0 24 24"
            width="22"
            height="22"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            aria-hidden="true"
          >
            <path d="M18 6 6 18M6 6l12 12" />
          </svg>
        </button>
        <p className="eyebrow">{offer.eyebrow}</p>
        <h2 id="lead-popup-title" className="mt-1 pr-10 text-2xl font-extrabold tracking-tight">
          {offer.title}
        </h2>
        <p id="lead-popup-text" className="mt-2 text-sm leading-6 text-muted">
          {offer.text}
        </p>
        <p className="mt-4 flex items-baseline gap-3">
          <span className="text-3xl font-extrabold text-brand-700">{formatRupees(offer.price)}</span>
          <s className="text-lg text-muted">
            <span className="sr-only">was </span>
            {formatRupees(offer.originalPrice)}
          </s>
        </p>
        <ul className="mt-3 grid gap-1 text-sm text-muted">
          {offer.includes.map((item) => (
            <li key={item}>✓ {item}</li>
          ))}
        </ul>
        <div className="mt-5" role="timer" aria-label="Time left to claim the offer">
          <p className="text-xs font-semibold tracking-wide text-muted uppercase">{offer.validityNote}</p>
          <dl className="mt-2 grid grid-cols-4 gap-2 text-center">
            {UNITS.map(([key, label]) => (
              <div key={key} className="rounded-xl bg-brand-50 py-2">
                <dt className="text-xs text-muted">{label}</dt>
                <dd className="text-2xl font-bold text-brand-800 tabular-nums" data-countdown={key}>
                  {twoDigits(left[key])}
                </dd>
              </div>
            ))}
          </dl>
        </div>
        <form onSubmit={onSubmit} className="mt-6 space-y-3" aria-busy={submitting}>
          <LeadFields
            id="lead-popup"
            labels={labels}
            errors={errors}
            nameRef={nameRef}
            mobileRef={mobileRef}
            labelClass="sr-only"
          />
          <button
            type="submit"
            disabled={submitting}
            className="btn-primary w-full disabled:cursor-not-allowed disabled:opacity-70"
          >
            {submitting ? 'Submitting...' : 'Claim Now'}
          </button>
        </form>
      </div>
    </dialog>
  );
}
