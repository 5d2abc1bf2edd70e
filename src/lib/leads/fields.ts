/**
 * The lead form's fields as a visitor meets them: the message shown for a field's problem (the words are content), and
 * the values a submitted form holds. The inputs themselves are src/islands/LeadFields.tsx; each is named after its
 * lead property (`name`, `mobile`), the honeypot after HONEYPOT_FIELD.
 */
import { fillSlots } from '../brand';
import { HONEYPOT_FIELD, LEAD_LIMITS, type Lead, type LeadInput, type LeadProblem } from './rules';
import type { Ui } from '../schemas/ui';

/** Field labels, placeholders and messages (the site-wide labels, `leadForm`). */
export type LeadFieldLabels = Pick<
  Ui['leadForm'],
  'name' | 'namePlaceholder' | 'mobile' | 'mobilePlaceholder' | 'honeypot' | 'errors' | 'notice' | 'kept'
>;

type ErrorKey = keyof LeadFieldLabels['errors'];
const MESSAGES: Record<keyof Lead, Record<LeadProblem, ErrorKey>> = {
  name: { required: 'nameRequired', tooLong: 'nameTooLong', invalid: 'nameInvalid' },
  mobile: { required: 'mobileRequired', tooLong: 'mobileTooLong', invalid: 'mobileInvalid' },
};

/** The message a visitor reads for a field's problem, the rule's numbers filled in. */
export function leadErrorText(errors: LeadFieldLabels['errors'], field: keyof Lead, problem: LeadProblem): string {
  return fillSlots(errors[MESSAGES[field][problem]], LEAD_LIMITS);
}

/** The lead values of a submitted form's data, honeypot included; a missing field reads as empty. */
export function readLeadForm(data: FormData): Required<LeadInput> {
  return {
    name: String(data.get('name') ?? ''),
    mobile: String(data.get('mobile') ?? ''),
    honeypot: String(data.get(HONEYPOT_FIELD) ?? ''),
  };
}
