/**
 * Lead form rules shared by every form (the home popup to the CRM, the others through the email service): cleaning
 * (nothing invisible or controlling is kept, but the joiners a word of an Indian script needs; a mobile number's digits
 * of any script become ASCII), the lead's key, validation that names each field's problem (the message a visitor reads
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
/** The problem of each field at fault; the message a visitor reads is content (the site-wide labels, `leadForm`). */
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
 * (zero-width spaces, bidi overrides and isolates, the byte order mark, soft hyphens), lone surrogates and the rest of
 * Unicode's default-ignorable code points (variation selectors, Hangul fillers, tags). Whitespace is turned into spaces
 * before this applies, so a tab or a line break still separates two words. The two joiners are judged apart
 * (keepsJoiner).
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Default_Ignorable_Code_Point}]/gu;
const WHITESPACE = /\p{White_Space}+/gu;
const ZWNJ = '\u200c';
const ZWJ = '\u200d';
/** The zero-width non-joiner and joiner, which words of the Indian scripts need. */
const isJoiner = (char: string | undefined) => char === ZWNJ || char === ZWJ;

/**
 * The scripts whose words use the joiners, each as a test of one character: the Brahmic scripts of India (and
 * Sinhala), where they choose a half form, a ligature or a chillu (Marathi's eyelash ra, Malayalam's chillu, Bengali's
 * ya-phala), and Arabic, whose non-joiner Urdu and Persian write inside words. Script extensions, so that a sign two
 * scripts share counts for both.
 */
const JOINING_SCRIPTS = [
  /\p{scx=Deva}/u,
  /\p{scx=Beng}/u,
  /\p{scx=Guru}/u,
  /\p{scx=Gujr}/u,
  /\p{scx=Orya}/u,
  /\p{scx=Taml}/u,
  /\p{scx=Telu}/u,
  /\p{scx=Knda}/u,
  /\p{scx=Mlym}/u,
  /\p{scx=Sinh}/u,
  /\p{scx=Arab}/u,
];
const LETTER_OR_MARK = /[\p{L}\p{M}]/u;
/** The viramas of those scripts: a joiner after one may end a word (Malayalam's chillu written with a joiner). */
const VIRAMA = /[\u094d\u09cd\u0a4d\u0acd\u0b4d\u0bcd\u0c4d\u0ccd\u0d4d\u0dca]/u;

/** The joining scripts a character is a letter or mark of (their indexes in JOINING_SCRIPTS). */
function joiningScripts(char: string | undefined): number[] {
  if (char === undefined || !LETTER_OR_MARK.test(char)) return [];
  return JOINING_SCRIPTS.flatMap((script, i) => (script.test(char) ? [i] : []));
}

/**
 * Whether the joiner between `before` and `after` is part of a word: both are letters or marks of one joining script,
 * or it is a zero-width joiner that follows a virama and ends the word. Anything else (a joiner at a word's start,
 * between Latin letters, beside another joiner) is invisible filler.
 */
function keepsJoiner(joiner: string, before: string | undefined, after: string | undefined): boolean {
  const scripts = joiningScripts(before);
  if (scripts.length === 0) return false;
  if (joiningScripts(after).some((script) => scripts.includes(script))) return true;
  const endsWord = after === undefined || (!LETTER_OR_MARK.test(after) && !isJoiner(after));
  return joiner === ZWJ && VIRAMA.test(before ?? '') && endsWord;
}

/**
 * A field's text as a lead keeps it: whitespace as single spaces, nothing invisible or controlling but the joiners a
 * word of an Indian script needs, trimmed. A name made of invisible characters alone is empty.
 */
export function cleanText(value: string): string {
  const chars = Array.from(value.replace(WHITESPACE, ' ').replace(INVISIBLE, (c) => (isJoiner(c) ? c : '')));
  const kept = chars.filter((c, i) => !isJoiner(c) || keepsJoiner(c, chars[i - 1], chars[i + 1]));
  return kept.join('').replace(/ {2,}/g, ' ').trim();
}

/** A decimal digit of any script (Devanagari, Bengali, Arabic-Indic, fullwidth...). */
const ANY_DIGIT = /\p{Nd}/u;

/**
 * The digit's value in ASCII. Unicode gives every script's decimal digits as runs of ten code points in order, zero
 * first, runs of one script next to each other (the mathematical digits): the value is the distance from the start of
 * the whole range, modulo ten.
 */
function asciiDigit(digit: string): string {
  const code = digit.codePointAt(0) ?? 0;
  let start = code;
  while (ANY_DIGIT.test(String.fromCodePoint(start - 1))) start--;
  return String((code - start) % 10);
}

/** A mobile number's digits of any script as ASCII digits (Devanagari U+096F U+0968 is 92); the rest as it is. */
export function asciiDigits(value: string): string {
  return value.replace(/\p{Nd}/gu, (digit) => (digit >= '0' && digit <= '9' ? digit : asciiDigit(digit)));
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
 * The lead as it is judged, stored and sent: both fields cleaned (cleanText), the mobile number's digits in ASCII
 * (asciiDigits). Markup such as `<b>` is kept as the text it is: every output escapes it.
 */
export function normaliseLead(input: LeadInput): Lead {
  return { name: cleanText(input.name), mobile: asciiDigits(cleanText(input.mobile)) };
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

/**
 * A lead's key: a random version 4 UUID that the browser gives one submitted lead and sends with every try of it, so
 * that the Worker stores it once however often it arrives. It names that lead and nothing else: a new one for every
 * lead, never reused for a visitor.
 */
const LEAD_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

export function isLeadKey(value: unknown): value is string {
  return typeof value === 'string' && LEAD_KEY.test(value);
}

/**
 * A new lead key, from the platform's random numbers (crypto.getRandomValues, which every browser has, also on a page
 * served without HTTPS, where crypto.randomUUID is missing).
 */
export function newLeadKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
