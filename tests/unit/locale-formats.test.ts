/**
 * Formats by the page locale's tag, and the language rules by the entry's locale: the English site prints as it did,
 * a Hindi page gets Hindi month names with Latin digits in Indian grouping, and a check never holds a file to
 * another language's words.
 */
import { describe, expect, it } from 'vitest';
import { formatLongDate, formatNumber, formatRupees } from '../../src/lib/format';
import { LOCALES } from '../../src/lib/i18n/locales';
import { rulesOf } from '../../src/lib/i18n/rules';
import { readingMinutes } from '../../src/lib/blog/index';
import { contentFileAt, contentPath } from '../../src/lib/content-paths';
import { planCopyProblems } from '../../src/lib/pricing/plan-copy';
import { plansSchema } from '../../src/lib/schemas/plans';
import raw from '../../src/content/plans/plans.json';

const date = new Date('2024-03-20T00:00:00Z');

describe('formats by the locale tag', () => {
  it('print English dates and rupees as the site always has', () => {
    expect(formatLongDate(date)).toBe('20 March 2024');
    expect(formatLongDate(date, 'month-first')).toBe('March 20, 2024');
    expect(formatRupees(4599900)).toBe('₹45,99,900');
    expect(formatNumber(125000)).toBe('1,25,000');
  });

  it('print a Hindi page with Hindi month names, and Latin digits grouped the Indian way', () => {
    const hi = LOCALES.hi.tag;
    expect(formatLongDate(date, 'day-first', hi)).toBe('20 मार्च 2024');
    expect(formatRupees(4599900, { tag: hi })).toBe('₹45,99,900');
    expect(formatNumber(125000, hi)).toBe('1,25,000');
  });
});

describe('language rules by the entry locale', () => {
  const plans = plansSchema.parse(raw);

  it('read a post at the speed of its language', () => {
    expect(rulesOf('en').wordsPerMinute).toBe(238);
    expect(readingMinutes(714)).toBe(3);
    expect(readingMinutes(714, 'hi')).toBe(Math.round(714 / rulesOf('hi').wordsPerMinute));
    expect(rulesOf('hi').wordsPerMinute).toBeLessThan(rulesOf('en').wordsPerMinute);
  });

  it('hold an English file to the English rules and a Hindi file to the Hindi ones, never the other way', () => {
    // "saves" is a saving in the English table only (the Hindi one holds the English words Hindi copy writes: fee).
    const fee = { a: 'The Plus plan saves you 2% on every payment.' };
    expect(planCopyProblems([contentFileAt(contentPath('landing', 'x'), fee)], plans)).not.toEqual([]);
    // The same sentence in a Hindi file is judged by the Hindi table, which does not know the English verb.
    expect(planCopyProblems([contentFileAt(contentPath('landing', 'x', 'hi'), fee)], plans)).toEqual([]);
    const hindiFee = { a: 'Plus प्लान पर 2% फीस की बचत होती है।' };
    expect(planCopyProblems([contentFileAt(contentPath('landing', 'x', 'hi'), hindiFee)], plans)).not.toEqual([]);
  });
});
