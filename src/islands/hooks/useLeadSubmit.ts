import { useRef, useState, type SubmitEvent } from 'react';
import { THANK_YOU_PATH } from '../../lib/routes';
import { EVENTS, type LeadFormName } from '../../lib/analytics';
import {
  createResendGuard,
  isBot,
  normaliseLead,
  validateLead,
  type Lead,
  type LeadErrors,
} from '../../lib/leads/rules';
import { readLeadForm } from '../../lib/leads/fields';
import { track } from '../../browser/analytics/track';

/**
 * What every lead form does with a submit, whichever way it sends the lead (the home popup to the site's /api/leads or the CRM,
 * the other forms through the email service): a filled honeypot is dropped quietly and looks like success; the lead is
 * trimmed and checked, and focus goes to the first field at fault; the resend guard stops a second send; while
 * sending `busy` is true. Success clears the form and goes to the thank-you page. When `send` throws, the form keeps
 * what the visitor typed, the guard opens again and `onFailure` gets the error. A confirmed success reports `Lead
 * Submitted` and a failure `Lead Failed`, naming the form only (`form`), never what was typed.
 */
export function useLeadSubmit(
  form: LeadFormName,
  send: (lead: Lead) => Promise<void>,
  onFailure: (error: unknown) => void,
) {
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<LeadErrors>({});
  const guard = useRef(createResendGuard());
  const nameRef = useRef<HTMLInputElement>(null);
  const mobileRef = useRef<HTMLInputElement>(null);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
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

    setBusy(true);
    try {
      await send(lead);
      element.reset();
      track(EVENTS.leadSubmitted, { form });
      window.location.assign(THANK_YOU_PATH);
    } catch (error) {
      guard.current.reset();
      track(EVENTS.leadFailed, { form });
      onFailure(error);
    } finally {
      setBusy(false);
    }
  }

  return { onSubmit, busy, errors, nameRef, mobileRef };
}
