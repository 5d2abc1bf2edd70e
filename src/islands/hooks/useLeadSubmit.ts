import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { THANK_YOU_PATH } from '../../lib/routes';
import { EVENTS, type LeadFormName } from '../../lib/analytics';
import {
  createResendGuard,
  isBot,
  newLeadKey,
  normaliseLead,
  validateLead,
  type Lead,
  type LeadErrors,
} from '../../lib/leads/rules';
import { readLeadForm } from '../../lib/leads/fields';
import { track } from '../../browser/analytics/track';
import { onSettled } from '../../browser/lead-outbox';

/** What a send did: the lead reached its destination, or it is kept in this browser for a later try. */
export type Sent = 'sent' | 'kept';

/** Where a kept lead stands, for the form's status line: the browser is offline, or the site did not take it yet. */
export type KeptStatus = 'offline' | 'waiting' | null;

/**
 * What every lead form does with a submit, whichever way it sends the lead (the home popup to the site's /api/leads or the CRM,
 * the other forms through the email service): a filled honeypot is dropped quietly and looks like success; the lead is
 * trimmed and checked, and focus goes to the first field at fault; the resend guard stops a second send; while
 * sending `busy` is true. Each lead gets a key (newLeadKey) that every try of it carries: pressed again with the same
 * values, the form sends the same key, so the site stores it once. Success clears the form and goes to the thank-you
 * page. A lead the browser keeps for later (`send` answers `kept`) leaves the form as it was and sets `status`; once a
 * later try on this page gets it accepted, the form is cleared and the thank-you page comes. When `send` throws, the
 * form keeps what the visitor typed, the guard opens again and `onFailure` gets the error. A success confirmed here
 * reports `Lead Submitted` (a kept lead accepted later is reported by the outbox, once) and a failure `Lead Failed`,
 * naming the form only (`form`), never what was typed.
 */
export function useLeadSubmit(
  form: LeadFormName,
  send: (lead: Lead, key: string) => Promise<Sent>,
  onFailure: (error: unknown) => void,
) {
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<LeadErrors>({});
  const [status, setStatus] = useState<KeptStatus>(null);
  const guard = useRef(createResendGuard());
  const nameRef = useRef<HTMLInputElement>(null);
  const mobileRef = useRef<HTMLInputElement>(null);
  /** The lead last sent from this form (its key, its cleaned values as JSON) and the form element. */
  const last = useRef<{ key: string; values: string; element: HTMLFormElement } | null>(null);

  const done = (element: HTMLFormElement) => {
    element.reset();
    last.current = null;
    setStatus(null);
    window.location.assign(THANK_YOU_PATH);
  };

  const failed = useRef(onFailure);
  failed.current = onFailure;
  // A lead kept on this page and accepted by a later try (the network came back): the thank-you page comes now.
  useEffect(
    () =>
      onSettled((id, outcome) => {
        const sent = last.current;
        if (!sent || sent.key !== id) return;
        if (outcome === 'accepted') return done(sent.element);
        setStatus(null);
        failed.current(new Error(`The kept lead was refused (${outcome})`));
      }),
    [],
  );

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const element = event.currentTarget;
    const input = readLeadForm(new FormData(element));
    if (isBot(input)) {
      // Dropped quietly: a bot learns nothing from the answer.
      element.reset();
      window.location.assign(THANK_YOU_PATH);
      return;
    }
    const lead = normaliseLead(input);
    const found = validateLead(lead);
    setErrors(found);
    if (found.name) return nameRef.current?.focus();
    if (found.mobile) return mobileRef.current?.focus();
    if (!guard.current.tryStart()) return;

    const values = JSON.stringify(lead);
    const key = last.current?.values === values ? last.current.key : newLeadKey();
    last.current = { key, values, element };
    setBusy(true);
    try {
      if ((await send(lead, key)) === 'sent') {
        track(EVENTS.leadSubmitted, { form });
        done(element);
      } else {
        guard.current.reset();
        setStatus(navigator.onLine === false ? 'offline' : 'waiting');
      }
    } catch (error) {
      guard.current.reset();
      setStatus(null);
      track(EVENTS.leadFailed, { form });
      onFailure(error);
    } finally {
      setBusy(false);
    }
  }

  /** The form's submit handler: what a send does not catch itself is the form's failure, not a promise left alone. */
  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    submit(event).catch((error: unknown) => {
      setBusy(false);
      failed.current(error);
    });
  };

  return { onSubmit, busy, errors, status, nameRef, mobileRef };
}
