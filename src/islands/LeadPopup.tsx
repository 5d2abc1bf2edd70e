/**
 * The home page lead popup: the Mega Bundle offer with a countdown, and a name + mobile form that posts the lead to
 * this site's relay (/api/leads), or straight to the CRM in direct mode. Opens once hydrated (on idle) as a modal
 * dialog; once dismissed it stays closed for the rest of the visit (sessionStorage, no cookie), on this page and when
 * the visitor comes back to it. Where storage is refused it stays closed for the page view only.
 */
import { useEffect, useRef, useState } from 'react';
import { countdownParts, twoDigits } from '../lib/countdown';
import { buildPopupRequest, type LeadTarget } from '../lib/crm';
import { formatRupees } from '../lib/format';
import type { Lead } from '../lib/lead';
import { COUNTDOWN_TICK_MS } from '../lib/timings';
import { OFFER_DISMISSED_KEY, recall, remember } from '../lib/visit-memory';
import LeadFields, { type LeadFieldLabels } from './LeadFields';
import { useLeadSubmit } from './hooks/useLeadSubmit';
import type { OfferPopupCopy } from '../lib/schemas/home';
import type { Offer } from '../lib/schemas/offer';

interface Props {
  offer: Offer;
  crm: LeadTarget;
  /** The fields' labels (src/content/ui.json, `leadForm`). */
  labels: LeadFieldLabels;
  /** The popup's own labels: close, countdown, submit (src/content/home/home.json, `offerPopup`). */
  copy: OfferPopupCopy;
}

const UNITS = ['days', 'hours', 'minutes', 'seconds'] as const;
const session = () => window.sessionStorage;
const dismissedThisVisit = () => recall(session, OFFER_DISMISSED_KEY);
const rememberDismissed = () => remember(session, OFFER_DISMISSED_KEY);

/** Posts the lead; an answer other than 2xx is a failure, with its status and body for the console. */
async function postLead(lead: Lead, crm: LeadTarget): Promise<void> {
  const request = buildPopupRequest(lead, crm);
  const response = await fetch(request.url, { method: request.method, headers: request.headers, body: request.body });
  if (!response.ok) throw new Error(`${response.status} ${await response.text().catch(() => '')}`.trim());
}

export default function LeadPopup({ offer, crm, labels, copy }: Props) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  // The dialog opens only once hydrated: the server HTML carries nothing of it, not a hidden copy.
  const [mounted, setMounted] = useState(false);
  const [now, setNow] = useState(() => new Date());
  // The response is not read; a failure is only logged, and the form stays as it was (spec section 8).
  const { onSubmit, busy, errors, nameRef, mobileRef } = useLeadSubmit(
    'popup',
    (lead) => postLead(lead, crm),
    (error) => console.error(`Lead submission failed: ${error instanceof Error ? error.message : String(error)}`),
  );
  const deadline = new Date(offer.deadline);
  const left = countdownParts(deadline, now);

  useEffect(() => setMounted(!dismissedThisVisit()), []);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!mounted || !dialog) return;
    if (!dialog.open) dialog.showModal();
    // A click on the dialog box itself, outside its content, is a click on the backdrop. (Escape closes natively.)
    const onBackdrop = (event: MouseEvent) => event.target === dialog && dialog.close();
    dialog.addEventListener('click', onBackdrop);
    // Every way out (Escape, the close button, the backdrop) ends in the dialog's close event.
    dialog.addEventListener('close', rememberDismissed);
    return () => {
      dialog.removeEventListener('click', onBackdrop);
      dialog.removeEventListener('close', rememberDismissed);
    };
  }, [mounted]);

  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), COUNTDOWN_TICK_MS);
    return () => window.clearInterval(timer);
  }, []);

  const close = () => dialogRef.current?.close();
  if (!mounted) return null;

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
          aria-label={copy.close}
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
            <span className="sr-only">{copy.was} </span>
            {formatRupees(offer.originalPrice)}
          </s>
        </p>
        <ul className="mt-3 grid gap-1 text-sm text-muted">
          {offer.includes.map((item) => (
            <li key={item}>
              <span aria-hidden="true">✓ </span>
              {item}
            </li>
          ))}
        </ul>
        <div className="mt-5" role="timer" aria-label={copy.timer}>
          <p className="text-xs font-semibold tracking-wide text-muted uppercase">{offer.validityNote}</p>
          <dl className="mt-2 grid grid-cols-4 gap-2 text-center">
            {UNITS.map((key) => (
              <div key={key} className="rounded-xl bg-brand-50 py-2">
                <dt className="text-xs text-muted">{copy.units[key]}</dt>
                <dd className="text-2xl font-bold text-brand-800 tabular-nums" data-countdown={key}>
                  {twoDigits(left[key])}
                </dd>
              </div>
            ))}
          </dl>
        </div>
        <form onSubmit={onSubmit} className="mt-6 space-y-3" aria-busy={busy}>
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
            disabled={busy}
            className="btn-primary w-full disabled:cursor-not-allowed disabled:opacity-70"
          >
            {busy ? copy.submitting : copy.submit}
          </button>
        </form>
      </div>
    </dialog>
  );
}
