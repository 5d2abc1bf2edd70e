/**
 * Hostile and unusual lead fields, judged twice: on the browser's path (the form's values, cleaned and checked before
 * sending: useLeadSubmit) and on the Worker's intake (a raw post to /api/leads, as a client that skips the form sends
 * it). Both must give the verdict written here by hand, and what the Worker stores is the cleaned value.
 */
import { describe, expect, it, vi } from 'vitest';
import { normaliseLead, validateLead, type Lead, type LeadErrors } from '../../src/lib/leads/rules';
import { readLeadForm } from '../../src/lib/leads/fields';
import { encodeLeadPost } from '../../src/lib/leads/wire';
import { handleLeadIntake, type IntakeDeps } from '../../worker/leads/intake';

const SITE = 'https://www.communiti.example';
const OK_NAME = 'Asha Rao';
const OK_MOBILE = '+91 98765 43210';

interface Entry {
  label: string;
  name?: string;
  mobile?: string;
  /** The lead as stored (and sent to the CRM), or the problem of each field at fault. */
  expect: { stored: Lead } | { errors: LeadErrors };
}

const stored = (name: string, mobile = OK_MOBILE) => ({ stored: { name, mobile } });

const CORPUS: Entry[] = [
  // Accepted, cleaned.
  { label: 'a plain lead', name: OK_NAME, expect: stored(OK_NAME) },
  { label: 'runs of spaces', name: '  Asha   Rao ', mobile: ' +91  98765   43210 ', expect: stored(OK_NAME) },
  { label: 'CR/LF and a tab in the name', name: 'Asha\r\n\tRao', expect: stored(OK_NAME) },
  { label: 'a NUL in the name', name: 'Asha\u0000 Rao', expect: stored(OK_NAME) },
  { label: 'escape sequences in the name', name: '\u001b[31mAsha Rao\u001b[0m', expect: stored('[31mAsha Rao[0m') },
  { label: 'a zero-width space in the name', name: 'Asha\u200b Rao', expect: stored(OK_NAME) },
  { label: 'a bidi override in the name', name: '\u202eAsha Rao\u202c', expect: stored(OK_NAME) },
  { label: 'bidi isolates in the name', name: 'Asha \u2067Rao\u2069', expect: stored(OK_NAME) },
  { label: 'a byte order mark and a soft hyphen', name: '\ufeffAsha R\u00adao', expect: stored(OK_NAME) },
  { label: 'a Hangul filler after the name', name: 'Asha Rao\u3164', expect: stored(OK_NAME) },
  { label: 'a name in Devanagari', name: 'आशा राव', expect: stored('आशा राव') },
  // Names as typed in the Indian scripts: the joiners inside their words are part of the spelling.
  {
    label: "Marathi's eyelash ra (a joiner after the virama)",
    name: 'आर\u094d\u200dया',
    expect: stored('आर\u094d\u200dया'),
  },
  { label: 'a non-joiner inside a Hindi word', name: 'रश\u094d\u200cमि', expect: stored('रश\u094d\u200cमि') },
  {
    label: "Bengali's ya-phala after ra (a joiner before the virama)",
    name: 'র\u200d\u09cdযাচেল',
    expect: stored('র\u200d\u09cdযাচেল'),
  },
  {
    label: "Malayalam's chillus written with joiners, one ending the word",
    name: 'അര\u0d4d\u200dജുന\u0d4d\u200d',
    expect: stored('അര\u0d4d\u200dജുന\u0d4d\u200d'),
  },
  { label: 'a non-joiner inside an Urdu word', name: 'می\u200cخواہ', expect: stored('می\u200cخواہ') },
  { label: 'a joiner before a Devanagari name', name: '\u200dआशा', expect: stored('आशा') },
  { label: 'a joiner between two Latin letters', name: 'Asha\u200dRao', expect: stored('AshaRao') },
  { label: 'a joiner between two scripts', name: 'आशा\u200dRao', expect: stored('आशाRao') },
  { label: 'two joiners in a row inside a word', name: 'र\u094d\u200d\u200dय', expect: stored('र\u094dय') },
  // A mobile number in the digits a Hindi, Marathi, Bengali or Arabic keyboard types, stored in ASCII digits.
  { label: 'a number in Devanagari digits', mobile: '+९१ ९८७६५ ४३२१०', expect: stored(OK_NAME, OK_MOBILE) },
  { label: 'a number in Bengali digits', mobile: '৯৮৭৬৫৪৩২১০', expect: stored(OK_NAME, '9876543210') },
  { label: 'a number in Arabic-Indic digits', mobile: '٩٨٧٦٥٤٣٢١٠', expect: stored(OK_NAME, '9876543210') },
  { label: 'a number in fullwidth digits', mobile: '９８７６５ ４３２１０', expect: stored(OK_NAME, '98765 43210') },
  { label: 'a number in mathematical bold digits', mobile: '𝟗𝟖𝟕𝟔𝟓𝟒𝟑𝟐𝟏𝟎', expect: stored(OK_NAME, '9876543210') },
  { label: 'accents and an apostrophe', name: "Zoë O'Brien", expect: stored("Zoë O'Brien") },
  { label: 'markup, kept as text', name: '<b>Asha</b>', expect: stored('<b>Asha</b>') },
  {
    label: 'a script tag, kept as text',
    name: '<script>alert(1)</script>',
    expect: stored('<script>alert(1)</script>'),
  },
  { label: 'a name with an emoji', name: 'Asha 👋\ufe0f', expect: stored('Asha 👋') },
  {
    label: '100 letters and 40 zero-width spaces',
    name: `${'a'.repeat(100)}${'\u200b'.repeat(40)}`,
    expect: stored('a'.repeat(100)),
  },
  {
    label: 'direction marks around a pasted number',
    mobile: '\u200e+91 98765 43210\u200f',
    expect: stored(OK_NAME, OK_MOBILE),
  },
  { label: 'no-break spaces in the number', mobile: '+91\u00a098765\u00a043210', expect: stored(OK_NAME, OK_MOBILE) },
  { label: 'a NUL after the number', mobile: '9876543210\u0000', expect: stored(OK_NAME, '9876543210') },
  { label: 'dashes between spaces', mobile: '98765 - 43210', expect: stored(OK_NAME, '98765 - 43210') },
  {
    label: '15 digits in 20 characters',
    mobile: '+123 456 789 012 345',
    expect: stored(OK_NAME, '+123 456 789 012 345'),
  },

  // Refused.
  { label: 'a zero-width space alone', name: '\u200b', expect: { errors: { name: 'required' } } },
  {
    label: 'only invisible characters',
    name: '\u200b\u200c\u200d\u2060\ufeff\u202e\u2066\u3164',
    expect: { errors: { name: 'required' } },
  },
  { label: 'NUL and controls alone', name: '\u0000\u0001\u007f', expect: { errors: { name: 'required' } } },
  { label: 'whitespace alone', name: ' \r\n\t\u00a0 ', expect: { errors: { name: 'required' } } },
  { label: 'digits for a name', name: '12345', expect: { errors: { name: 'invalid' } } },
  { label: 'markup without a letter', name: '<></>', expect: { errors: { name: 'invalid' } } },
  { label: 'an emoji for a name', name: '👋', expect: { errors: { name: 'invalid' } } },
  { label: 'combining marks alone', name: '\u0301\u0301\u0301', expect: { errors: { name: 'invalid' } } },
  { label: 'a name of 101 letters', name: 'a'.repeat(101), expect: { errors: { name: 'tooLong' } } },
  { label: 'no name at all', name: '', expect: { errors: { name: 'required' } } },
  {
    label: '7 digits and 3,900 dashes',
    mobile: `1234567${'-'.repeat(3900)}`,
    expect: { errors: { mobile: 'tooLong' } },
  },
  { label: '15 digits in 22 characters', mobile: '+12 34 56 78 90 12 345', expect: { errors: { mobile: 'tooLong' } } },
  { label: 'two dashes in a row', mobile: '98765--43210', expect: { errors: { mobile: 'invalid' } } },
  { label: 'a zero-width space for a number', mobile: '\u200b', expect: { errors: { mobile: 'required' } } },
  { label: 'joiners alone for a name', name: '\u200d\u200c\u200d', expect: { errors: { name: 'required' } } },
  { label: 'a joiner between Devanagari digits', mobile: '९८७६५\u200d४३२१०', expect: stored(OK_NAME, '9876543210') },
  {
    label: 'Devanagari digits with a letter among them',
    mobile: '९८७६५क४३२१०',
    expect: { errors: { mobile: 'invalid' } },
  },
  { label: 'six Devanagari digits', mobile: '९८७६५४', expect: { errors: { mobile: 'invalid' } } },
  {
    label: 'a header after a line break',
    mobile: '9876543210\r\nBcc: x@y',
    expect: { errors: { mobile: 'invalid' } },
  },
  { label: 'markup in the number', mobile: '9876543210<b>', expect: { errors: { mobile: 'invalid' } } },
  { label: 'brackets', mobile: '(987) 654-3210', expect: { errors: { mobile: 'invalid' } } },
  { label: '6 digits', mobile: '123456', expect: { errors: { mobile: 'invalid' } } },
  { label: 'both wrong', name: '\u202e', mobile: '---', expect: { errors: { name: 'required', mobile: 'invalid' } } },
];

/** The browser's path: the form's data as useLeadSubmit reads it, cleaned, then checked. */
function browserVerdict(name: string, mobile: string) {
  const data = new FormData();
  data.set('name', name);
  data.set('mobile', mobile);
  data.set('company_website', '');
  const lead = normaliseLead(readLeadForm(data));
  return { lead, errors: validateLead(lead) };
}

/** The Worker's intake with fakes, given a raw post: its answer and what it stored. */
async function workerVerdict(body: string) {
  const insert = vi.fn<IntakeDeps['store']['insert']>(async () => true);
  const deps: IntakeDeps = {
    store: { insert, idOfKey: async () => null },
    assignments: async () => ({}),
    conversions: { add: async () => {} },
    takeRateSlot: async () => ({ accepted: true }),
    enqueue: async () => {},
    newId: () => 'lead-1',
    now: () => 0,
    log: () => {},
  };
  const response = await handleLeadIntake(
    new Request(`${SITE}/api/leads`, {
      method: 'POST',
      headers: { Origin: SITE, 'Content-Type': 'application/x-www-form-urlencoded', 'CF-Connecting-IP': '203.0.113.7' },
      body,
    }),
    deps,
  );
  const json = (await response.json()) as Record<string, unknown>;
  const lead = insert.mock.calls[0]?.[0];
  return { status: response.status, json, stored: lead && { name: lead.name, mobile: lead.mobile } };
}

/** The intake's 400 names the first field at fault, as the form posts it. */
const POSTED = { name: 'name', mobile: 'phonenumber' } as const;

describe('hostile lead fields: the browser and the Worker give the same verdict', () => {
  it.each(CORPUS.map((entry) => [entry.label, entry] as const))('%s', async (_label, entry) => {
    const name = entry.name ?? OK_NAME;
    const mobile = entry.mobile ?? OK_MOBILE;
    const browser = browserVerdict(name, mobile);
    const worker = await workerVerdict(new URLSearchParams({ name, phonenumber: mobile }).toString());

    if ('stored' in entry.expect) {
      expect(browser.errors).toEqual({});
      expect(browser.lead).toEqual(entry.expect.stored);
      expect(worker.status).toBe(202);
      expect(worker.stored).toEqual(entry.expect.stored);
      // What the form sends is what the Worker stores, unchanged.
      const relayed = await workerVerdict(encodeLeadPost(browser.lead, 'inline'));
      expect(relayed.stored).toEqual(entry.expect.stored);
    } else {
      const { errors } = entry.expect;
      expect(browser.errors).toEqual(errors);
      const first = (['name', 'mobile'] as const).find((field) => errors[field])!;
      const problem = errors[first]!;
      expect(worker.status).toBe(400);
      expect(worker.json).toEqual({
        error: `${problem === 'required' ? 'missing' : 'invalid'} field: ${POSTED[first]}`,
        field: POSTED[first],
        problem,
      });
      expect(worker.stored).toBeUndefined();
    }
  });

  it('nothing invisible or controlling survives in what is stored, but a joiner right after a letter or sign of an Indian script or Arabic', () => {
    const invisible = /[\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}]/gu;
    // Devanagari to Malayalam (U+0900 to U+0D7F) and Arabic (U+0600 to U+06FF), by their blocks.
    const indicOrArabic = /[\u0900-\u0d7f\u0600-\u06ff]/;
    for (const entry of CORPUS) {
      if (!('stored' in entry.expect)) continue;
      const { name, mobile } = entry.expect.stored;
      for (const match of name.matchAll(invisible)) {
        expect(['\u200c', '\u200d'], entry.label).toContain(match[0]);
        expect(name[match.index - 1] ?? '', entry.label).toMatch(indicOrArabic);
      }
      expect(mobile, entry.label).toMatch(/^[+0-9 -]*$/);
    }
  });
});
