/**
 * Lead form rules shared by every form (the home popup to the CRM, the others through the email service): cleaning
 * (nothing invisible or controlling is kept), validation that names each field's problem (the message a visitor reads
 * is content), the honeypot and the resend guard. The Worker's lead intake (worker/leads/intake.ts) judges what it receives
 * with these same rules. How a lead travels (the site's lead route, the CRM) is ./wire.ts.
 */

/**
 * The lead forms: the home popup, and the email forms (the contact modal and the inline form of the feature and landing
 * pages). Analytics events name them, and the lead store records which one a lead came from.
 */
export const LEAD_FORMS = ['popup', 'contact-modal', 'inline'] as const;
export type LeadFormName = (typeof LEAD_FORMS)[number];

export function isLeadForm(value: string): value is LeadFormName {
  return (LEAD_FORMS as readonly string[]).includes(value);
}

export interface LeadInput {
  name: string;
  mobile: string;
  /** The hidden honeypot field: people leave it empty, form-filling bots do not. */
  honeypot?: string;
}

export interface Lead {
  name: string;
  mobile: string;
}

/**
 * What is wrong with a field: nothing given, too long, or not a plausible value (a name without a letter, a mobile
 * number that is not digits with single separators).
 */
export type LeadProblem = 'required' | 'tooLong' | 'invalid';
/** The problem of each field at fault; the message a visitor reads is content (src/content/ui.json, `leadForm`). */
export type LeadErrors = Partial<Record<keyof Lead, LeadProblem>>;

export const NAME_MAX_LENGTH = 100;
export const PHONE_MIN_DIGITS = 7;
export const PHONE_MAX_DIGITS = 15;
/** A mobile number, separators included, is at most this long: 15 digits, a + and a few separators fit. */
export const MOBILE_MAX_LENGTH = 20;
/** A form that has just been sent cannot send again within this window (double clicks, Enter held down). */
export const RESEND_GUARD_MS = 5000;
/** Name of the honeypot input in every lead form. */
export const HONEYPOT_FIELD = 'company_website';

/** The numbers a message about a field's problem may name: its slots {limit}, {min}, {max} and {mobileLimit}. */
export const LEAD_LIMITS = {
  limit: NAME_MAX_LENGTH + 1,
  min: PHONE_MIN_DIGITS,
  max: PHONE_MAX_DIGITS,
  mobileLimit: MOBILE_MAX_LENGTH + 1,
} as const;

/**
 * What nobody sees but every screen, log and CRM receives: control characters (NUL, escape...), format characters
 * (zero-width spaces and joiners, bidi overrides and isolates, the byte order mark, soft hyphens), lone surrogates and
 * the rest of Unicode's default-ignorable code points (variation selectors, Hangul fillers, tags). Whitespace is
 * turned into spaces before this applies, so a tab or a line break still separates two words.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Default_Ignorable_Code_Point}]/gu;
const WHITESPACE = /\p{White_Space}+/gu;

/** A field's text as a lead keeps it: whitespace as single spaces, nothing invisible or controlling, trimmed. */
export function cleanText(value: string): string {
  return value.replace(WHITESPACE, ' ').replace(INVISIBLE, '').replace(/ {2,}/g, ' ').trim();
}

/** A letter of any script: a name holds at least one. */
const LETTER = /\p{L}/u;
/** Digits, an optional leading +, and single separators between digits: a space, a dash, or a dash between spaces. */
const PHONE_PATTERN = /^\+?\d+(?:(?: ?- ?| )\d+)*$/;

/** Digits with single spaces or dashes between them and an optional leading +; 7 to 15 digits, 20 characters at most. */
export function isPlausiblePhone(value: string): boolean {
  if (value.length > MOBILE_MAX_LENGTH || !PHONE_PATTERN.test(value)) return false;
  const digits = value.replace(/\D/g, '').length;
  return digits >= PHONE_MIN_DIGITS && digits <= PHONE_MAX_DIGITS;
}

/**
 * The lead as it is judged, stored and sent: both fields cleaned (cleanText). Markup such as `<b>` is kept as the text
 * it is: every output escapes it.
 */
export function normaliseLead(input: LeadInput): Lead {
  return { name: cleanText(input.name), mobile: cleanText(input.mobile) };
}

/** The problems of a normalised lead (normaliseLead), field by field. */
export function validateLead(lead: Lead): LeadErrors {
  const errors: LeadErrors = {};
  if (!lead.name) errors.name = 'required';
  else if (lead.name.length > NAME_MAX_LENGTH) errors.name = 'tooLong';
  else if (!LETTER.test(lead.name)) errors.name = 'invalid';
  if (!lead.mobile) errors.mobile = 'required';
  else if (lead.mobile.length > MOBILE_MAX_LENGTH) errors.mobile = 'tooLong';
  else if (!isPlausiblePhone(lead.mobile)) errors.mobile = 'invalid';
  return errors;
}

/** True when the honeypot was filled: drop the submission quietly and report success. */
export function isBot(input: LeadInput): boolean {
  return Boolean(input.honeypot && input.honeypot.trim());
}

/** Remembers when a form last sent, so that a second send inside the window is refused. */
export function createResendGuard(windowMs = RESEND_GUARD_MS, now: () => number = Date.now) {
  let lastSent = Number.NEGATIVE_INFINITY;
  return {
    /** True (and the clock starts) when a send may go ahead now. */
    tryStart(): boolean {
      const t = now();
      if (t - lastSent < windowMs) return false;
      lastSent = t;
      return true;
    },
    /** Forget the last send, after a failure, so the visitor can try again at once. */
    reset(): void {
      lastSent = Number.NEGATIVE_INFINITY;
    },
  };
}
