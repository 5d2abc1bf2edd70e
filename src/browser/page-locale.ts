/**
 * The language of the page this code runs on, as its `<html lang>` names it: what a lead and an analytics event say
 * they came from. Read when asked, never stored; a `lang` that names no language of the site reads as the default.
 */
import { localeOfLang, type Locale } from '../lib/i18n/locales';

export const pageLocale = (): Locale => localeOfLang(document.documentElement.lang);
