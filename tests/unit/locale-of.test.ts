import { describe, expect, it } from 'vitest';
import { isLocale, localeOfLang, localeOfPath } from '../../src/lib/i18n/locales';

describe('isLocale: a value from outside names a language of the site', () => {
  it('English and Hindi, by their codes', () => {
    expect(isLocale('en')).toBe(true);
    expect(isLocale('hi')).toBe(true);
  });

  it.each(['', 'mr', 'HI', 'hi-IN', 'constructor', '__proto__', 'toString', null, undefined, 0, {}, ['hi']])(
    'nothing else: %j',
    (value) => expect(isLocale(value)).toBe(false),
  );
});

describe("localeOfLang: the language a page's lang attribute names", () => {
  it.each([
    ['en', 'en'],
    ['hi', 'hi'],
    ['hi-IN', 'hi'],
    ['HI', 'hi'],
    [' hi ', 'hi'],
    ['en-IN', 'en'],
  ])('%j is %s', (lang, locale) => expect(localeOfLang(lang)).toBe(locale));

  it.each(['', 'mr', 'qps', 'fr-hi', 'constructor', null, undefined])(
    '%j, no language of the site, is English',
    (lang) => expect(localeOfLang(lang)).toBe('en'),
  );
});

describe('localeOfPath: the language of a URL path', () => {
  it.each(['/hi', '/hi/', '/hi/pricing', '/hi/blog/x'])('%s is Hindi', (path) => expect(localeOfPath(path)).toBe('hi'));

  it.each(['/', '/pricing', '/hindi', '/HI/pricing', '/pricing/hi', '/mr/pricing', '/history'])(
    '%s is English',
    (path) => expect(localeOfPath(path)).toBe('en'),
  );
});
