/**
 * A translation is an overlay on its English entry: its words replace the English words, and every value that is no
 * language (a price, an id, a path, a date, a list's length) is the English entry's, or the file is refused with its
 * path and the field at fault.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { overlay } from '../../src/lib/i18n/overlay';

const FILE = 'src/content/plans/hi/plans.json';

const english = {
  heading: 'Plans for every stage',
  link: { label: 'See pricing', to: '/pricing' },
  plans: [
    { id: 'lite', name: 'Lite', monthly: 999, features: ['Members', 'Payments'] },
    { id: 'plus', name: 'Plus', monthly: 2499, features: ['Courses', 'Events'] },
  ],
  updated: new Date('2024-03-20T00:00:00Z'),
  help: 'Talk to us',
};

/** Every word of `english` in Hindi, its other values as they are. */
const hindi = {
  heading: 'हर पड़ाव के लिए प्लान',
  link: { label: 'कीमतें देखें', to: '/pricing' },
  plans: [
    { id: 'lite', name: 'Lite', monthly: 999, features: ['मेंबर', 'पेमेंट'] },
    { id: 'plus', name: 'Plus', monthly: 2499, features: ['कोर्स', 'इवेंट'] },
  ],
  updated: '2024-03-20',
  help: 'हमसे बात करें',
};

/** `base` with `patch` laid over it: a list takes the patch's length, each item patched in its place. */
function patched(base: unknown, patch: unknown): unknown {
  if (Array.isArray(patch)) return patch.map((item, i) => patched((base as unknown[])[i], item));
  if (typeof patch === 'object' && patch !== null && typeof base === 'object' && base !== null) {
    const out: Record<string, unknown> = { ...(base as Record<string, unknown>) };
    for (const [key, value] of Object.entries(patch)) out[key] = patched(out[key], value);
    return out;
  }
  return patch;
}

describe('a translation laid over its English entry', () => {
  it('takes its words, and keeps every value that is no language from the English', () => {
    expect(overlay(english, hindi, FILE)).toEqual({ ...hindi, updated: english.updated });
  });

  it('refuses a translation that leaves words out, naming the field: the English would show on its page', () => {
    const withoutHelp: Partial<typeof hindi> = { ...hindi };
    delete withoutHelp.help;
    expect(() => overlay(english, withoutHelp, FILE)).toThrow(`${FILE}: help is not translated`);
    const withoutLabel = { ...hindi, link: { to: '/pricing' } };
    expect(() => overlay(english, withoutLabel, FILE)).toThrow(`${FILE}: link.label is not translated`);
    // A value that is no language may be left out: it is the English entry's.
    const withoutPath = { ...hindi, link: { label: 'कीमतें देखें' } };
    expect(overlay(english, withoutPath, FILE)).toMatchObject({ link: { label: 'कीमतें देखें', to: '/pricing' } });
  });

  it.each([
    [
      'a price',
      { plans: [{ monthly: 899 }, {}] },
      'plans[0].monthly is no language: a translation keeps the English 999',
    ],
    ['a path', { link: { to: '/hi/pricing' } }, 'link.to is no language: a translation keeps the English "/pricing"'],
    ['an id', { plans: [{}, { id: 'advance' }] }, 'plans[1] is "advance"; the English has "plus" here'],
    ['a list of another length', { plans: [{}] }, 'plans must be a list of 2, as in English'],
    ['a field the English lacks', { subtitle: 'नया' }, 'subtitle is no field of the English entry'],
    [
      'a date',
      { updated: '2025-01-01' },
      'updated is a date: a translation keeps the English 2024-03-20T00:00:00.000Z',
    ],
    ['no text where the English has words', { heading: ' ' }, 'heading is empty; the English is not'],
    ['a number for words', { help: 5 }, 'help must be text, as in English'],
  ])('refuses %s, naming the file and the field', (_, translation, why) => {
    expect(() => overlay(english, patched(hindi, translation), FILE)).toThrow(`${FILE}: ${why}`);
  });

  it('every Hindi file of the content lays over its English entry', () => {
    // The drafts keep the English values that are no language: a few files of each shape, read as the build reads them.
    for (const [en, hi] of [
      ['src/content/plans/plans.json', 'src/content/plans/hi/plans.json'],
      ['src/content/ui/ui.json', 'src/content/ui/hi/ui.json'],
      ['src/content/features/member-management.json', 'src/content/features/hi/member-management.json'],
    ] as const) {
      const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as unknown;
      expect(() => overlay(read(en), read(hi), hi)).not.toThrow();
    }
  });
});
