/**
 * The lead form sent through the email service (every lead form except the home popup): name and mobile, both required
 * by the browser; trimmed and checked with the shared lead rules; a honeypot for bots; a resend guard against double
 * sends. When the email service fails (an error answer, no network, not fully configured, blocked) or is not used at all,
 * the same lead goes to this site's `/api/leads`, marked with the form's name, and the visitor sees the same success. Success goes to the
 * thank-you page. When the site cannot take it now, the lead is kept in this browser and sent later, and the form's
 * status line says so; only when the site refuses it too (or it could not be kept) does the form alert, log and keep
 * what the visitor typed.
 */
import { useEffect, useRef, useState } from 'react';
import { init, send } from '@emailjs/browser';
import LeadFields, { LeadStatus } from './LeadFields';
import { useEarlyInput } from './hooks/useEarlyInput';
import { useLeadSubmit, type Sent } from './hooks/useLeadSubmit';
import { postToRelay } from './send-lead';
import { emailServiceChosen, missingEmailSettings, type EmailSettings } from '../lib/leads/email';
import type { Ui } from '../lib/schemas/ui';
import type { Lead, LeadFormName } from '../lib/leads/rules';

interface Props {
  email: EmailSettings;
  /** Labels and messages of the form (the site-wide labels, `leadForm`). */
  labels: Ui['leadForm'];
  /** Prefix for element ids, unique on the page. */
  id: string;
  submitLabel?: string;
  /**
   * "mounted": render the fields only once hydrated (for a form inside a closed dialog, so the page does not carry a
   * second, hidden copy of the fields). "always" (default): render them in the HTML.
   */
  render?: 'always' | 'mounted';
  /** Which form this is, for the `Lead Submitted` and `Lead Failed` events. */
  name: Exclude<LeadFormName, 'popup'>;
}

/** Sends the lead through the email service; a missing setting or an answer other than success throws. */
async function sendEmail(lead: Lead, email: EmailSettings): Promise<void> {
  const missing = missingEmailSettings(email);
  if (missing.length) throw new Error(`Email service is not configured: ${missing.join(' ')}`);
  init({ publicKey: email.publicKey, blockHeadless: false }, email.origin);
  const response = await send(
    email.serviceId,
    email.templateId,
    { name: lead.name, mobile: lead.mobile },
    { publicKey: email.publicKey, blockHeadless: false },
  );
  if (response.status !== 200 && response.text !== 'OK') throw response;
}

/**
 * The email service, and this site's lead store when it fails; without any of the email service's settings (the
 * embedded defaults), the store alone: the designed path, which logs nothing. An email service that fails, or is set
 * only in part, is logged even when the lead got through (the developer sees a missing setting named). The store keeps
 * the lead in this browser when it cannot take it now (`kept`); throws only when the store refuses it too, or it
 * could not be kept.
 */
async function sendLead(
  lead: Lead,
  key: string,
  email: EmailSettings,
  form: Exclude<LeadFormName, 'popup'>,
): Promise<Sent> {
  if (!emailServiceChosen(email)) return postToRelay(lead, form, key);
  try {
    await sendEmail(lead, email);
    return 'sent';
  } catch (emailError) {
    console.error('Failed to send email:', emailError);
    return postToRelay(lead, form, key);
  }
}

export default function LeadForm({ email, labels, id, submitLabel = labels.submit, render = 'always', name }: Props) {
  const [ready, setReady] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const {
    onSubmit,
    busy: sending,
    errors,
    status,
    nameRef,
    mobileRef,
  } = useLeadSubmit(
    name,
    (lead, key) => sendLead(lead, key, email, name),
    (error) => {
      console.error('The lead could not be stored either:', error);
      window.alert(labels.failure);
    },
  );

  useEffect(() => setReady(true), []);
  // A submit made before hydration was held (the form is `data-early`, src/browser/early-input.ts): sent now.
  useEarlyInput(formRef);

  if (render === 'mounted' && !ready) {
    return <p className="py-6 text-center text-muted">{labels.loading}</p>;
  }

  return (
    <form ref={formRef} onSubmit={onSubmit} className="space-y-4" aria-busy={sending} data-early="">
      <fieldset className="space-y-4">
        <legend className="sr-only">{labels.legend}</legend>
        <LeadFields id={id} labels={labels} errors={errors} nameRef={nameRef} mobileRef={mobileRef} />
        <button
          type="submit"
          className="btn-primary w-full disabled:cursor-not-allowed disabled:opacity-70"
          disabled={sending}
        >
          {sending ? labels.sending : submitLabel}
        </button>
        <LeadStatus labels={labels} status={status} />
      </fieldset>
    </form>
  );
}
