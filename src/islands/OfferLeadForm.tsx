/**
 * The form of the home page's offer popup: name and mobile, posted to this site's lead store (/api/leads), or straight
 * to the CRM in direct mode. The popup around it is plain HTML and a few lines of page script
 * (src/components/home/LeadOffer.astro): this island hydrates only when the visitor reaches for the form
 * (client:interact), and a submit made before it is awake is held and sent once it is (`data-early`).
 */
import { useRef } from 'react';
import type { Lead } from '../lib/leads/rules';
import type { LeadFieldLabels } from '../lib/leads/fields';
import { buildCrmRequest, type LeadTarget } from '../lib/leads/wire';
import type { OfferPopupCopy } from '../lib/schemas/home';
import LeadFields, { LeadStatus } from './LeadFields';
import { useEarlyInput } from './hooks/useEarlyInput';
import { useLeadSubmit, type Sent } from './hooks/useLeadSubmit';
import { postToRelay, sendLeadRequest } from './send-lead';

interface Props {
  crm: LeadTarget;
  /** The fields' labels (the site-wide labels, `leadForm`). */
  labels: LeadFieldLabels;
  /** The submit button's two states (src/content/home/home.json, `offerPopup`). */
  copy: Pick<OfferPopupCopy, 'submit' | 'submitting'>;
}

/**
 * Posts the lead: to this site's lead route (it answers 202 once the lead is stored), kept in this browser until it
 * has; or in direct mode to the CRM, once per press. Direct mode keeps nothing: the CRM's request has no key, so a
 * try sent again after a lost answer would give the CRM the lead twice, and the token that sends it is written only
 * into this page, not into the others that would send it later.
 */
async function postLead(lead: Lead, key: string, crm: LeadTarget): Promise<Sent> {
  if (crm.mode === 'relay') return postToRelay(lead, 'popup', key);
  await sendLeadRequest(buildCrmRequest(lead, crm));
  return 'sent';
}

export default function OfferLeadForm({ crm, labels, copy }: Props) {
  const formRef = useRef<HTMLFormElement>(null);
  // A failure is only logged, and the form stays as it was: the visitor sees no error. A lead kept for later says so
  // in the status line.
  const { onSubmit, busy, errors, status, nameRef, mobileRef } = useLeadSubmit(
    'popup',
    (lead, key) => postLead(lead, key, crm),
    (error) => console.error(`Lead submission failed: ${error instanceof Error ? error.message : String(error)}`),
  );
  // What was typed, and a submit held before hydration (src/browser/early-input.ts), are adopted now.
  useEarlyInput(formRef);

  return (
    <form
      ref={formRef}
      onSubmit={onSubmit}
      className="mt-3 space-y-2 sm:mt-6 sm:space-y-3"
      aria-busy={busy}
      data-early=""
    >
      <LeadFields
        id="lead-popup"
        labels={labels}
        errors={errors}
        nameRef={nameRef}
        mobileRef={mobileRef}
        labelClass="sr-only"
        dense
      />
      <button
        type="submit"
        disabled={busy}
        className="btn-primary w-full disabled:cursor-not-allowed disabled:opacity-70"
      >
        {busy ? copy.submitting : copy.submit}
      </button>
      <LeadStatus labels={labels} status={status} />
    </form>
  );
}
