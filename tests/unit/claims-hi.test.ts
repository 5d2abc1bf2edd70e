/**
 * The copy rules in Hindi: a Hindi file (by its entry's locale in the table of where content lives) is held to the
 * rules an English file is, in the Hindi words of its language's table: a fee or saving, a trial, a price written by
 * hand, "coming soon", 24/7, a claim we do not make, a plan that does not exist, a feature sold without its plans.
 */
import { describe, expect, it } from 'vitest';
import rawFacts from '../../src/content/facts/facts.json';
import rawPlans from '../../src/content/plans/plans.json';
import { readingMinutes, WORDS_PER_MINUTE } from '../../src/lib/blog/index';
import { claimProblems } from '../../src/lib/claims/check';
import { contentFileAt } from '../../src/lib/content-paths';
import { rulesOf } from '../../src/lib/i18n/rules';
import { planCopyProblems } from '../../src/lib/pricing/plan-copy';
import { factsSchema } from '../../src/lib/schemas/facts';
import { plansSchema } from '../../src/lib/schemas/plans';

const plans = plansSchema.parse(rawPlans);
const facts = factsSchema.parse(rawFacts);
const HI = 'src/content/features/hi/member-management.json';
const EN = 'src/content/features/member-management.json';

/** Every problem of one file's data, the plan check's then the claims check's, as "field: message". */
const problems = (path: string, data: unknown) => {
  const file = contentFileAt(path, data);
  return [...planCopyProblems([file], plans), ...claimProblems([file], facts, plans)].map(
    (p) => `${p.field}: ${p.message}`,
  );
};

describe('the Hindi copy rules', () => {
  it("refuse a plan's fee and what yearly billing saves written by hand", () => {
    // The spec: "Lite has 2% transaction fee"; the yearly prices save up to 16% (the plans' prices say so).
    expect(problems(HI, { a: 'Lite पर हर पेमेंट पर 2% फीस लगती है।', b: 'सालाना बिलिंग पर 16% की बचत।' })).toEqual([
      'a: "2%" is a fee or saving the plans state: write {plan.lite.fee}',
      'b: "16%" is a fee or saving the plans state: write {yearlySaving}',
    ]);
    // A gateway's range of charges is not a plan's fee ("2 से 2.5%").
    expect(problems(HI, { a: 'पेमेंट गेटवे 2 से 2.5% शुल्क लेता है।' })).toEqual([]);
  });

  it('refuse a trial length, a price and 24/7 written by hand', () => {
    // The spec: the paid WhatsApp plans have a "7-day free trial"; Business costs 2499 per month (as does Plus);
    // support is 24/7.
    expect(
      problems(HI, {
        a: 'Business प्लान में 7 दिन का फ्री ट्रायल है।',
        b: 'Plus सिर्फ ₹2,499 महीना।',
        c: 'हमारी टीम चौबीसों घंटे साथ है।',
      }),
    ).toEqual([
      'a: "7 दिन" is a free trial the plans state: write {plan.business.trial} or {plan.enterprise.trial}',
      'a: "फ्री ट्रायल" is said without the plans that give it: only {plan.business.trial} or {plan.enterprise.trial} state a free trial, so write one of them',
      'b: "₹2,499" is a price the plans state: write {plan.business.monthly} or {plan.plus.monthly}',
      'c: "चौबीसों घंटे" states a fact the facts word once: write {fact.support} ("24/7 by chat and email")',
    ]);
  });

  it('refuse "coming soon", the claims we do not make and a plan that does not exist', () => {
    expect(
      problems(HI, {
        a: 'कोर्स बंडल जल्द आ रहा है।',
        b: 'बिना क्रेडिट कार्ड शुरू करें।',
        c: 'हमारा फ्री प्लान लें।',
        d: 'लाइफटाइम प्लान में सब कुछ।',
      }),
    ).toEqual([
      'd: "लाइफटाइम प्लान" names a plan that does not exist: the plans are Lite, Plus, Advance, Free Forever, Business, Enterprise',
      'a: "जल्द आ रहा है" marks a feature coming soon by hand: the facts say which features are coming soon (none is now)',
      expect.stringMatching(/^b: "बिना क्रेडिट कार्ड" is a claim we do not make: Starting is not free of payment/),
      expect.stringMatching(/^c: "फ्री प्लान" is a claim we do not make: Free Forever has no subscription fee/),
    ]);
  });

  it('refuse a feature that not every plan has, named without the plans that have it', () => {
    // The facts: a custom domain is included on Plus and Advance only.
    expect(problems(HI, { hero: { text: 'अपनी कम्युनिटी कस्टम डोमेन पर चलाएं।' } })).toEqual([
      expect.stringMatching(/^hero\.text: "कस्टम डोमेन" sells Custom domain, which only Plus and Advance have/),
    ]);
    expect(problems(HI, { hero: { text: '{fact.customDomain.included} में अपनी कम्युनिटी कस्टम डोमेन पर चलाएं।' } })).toEqual(
      [],
    );
  });

  it("are the file's language's: Hindi words in an English file, English words in a Hindi one, are not", () => {
    expect(problems(EN, { a: 'कोर्स बंडल जल्द आ रहा है।', b: 'हमारी टीम चौबीसों घंटे साथ है।' })).toEqual([]);
    // "Book a Demo" is an English spelling rule; the Hindi edition's spellings are its glossary's.
    expect(problems(HI, { a: 'Book a Demo' })).toEqual([]);
    expect(problems(EN, { a: 'Book a Demo' })).toHaveLength(1);
  });

  it('cut Hindi sentences at the danda', () => {
    // The fee sentence ends at "।": the next sentence's percentage is no fee.
    expect(problems(HI, { a: 'Plus पर फीस कम है। 30% मेंबर हर महीने लौटते हैं।' })).toEqual([]);
  });
});

describe('reading time by language', () => {
  it('reads English at 238 words a minute and Hindi at 184', () => {
    expect(WORDS_PER_MINUTE).toBe(238);
    expect(rulesOf('hi').wordsPerMinute).toBe(184);
    expect(readingMinutes(476)).toBe(2);
    expect(readingMinutes(476, 'hi')).toBe(3);
  });
});
