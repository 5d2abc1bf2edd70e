/**
 * The glossary check: a file in a language that has a glossary writes each of its terms the glossary's way. A spelling
 * the glossary avoids ("व्हाट्सएप" where it says WhatsApp), found as a whole word in any text of the file (its fields
 * and a Markdown body), stops the build, naming the file, the field and the term; the content admin refuses the same
 * before a save. Which files it reads is the entry's language, as the table of where content lives names it.
 */
import { contentPath, type ContentFile } from '../content-paths';
import { textsOf, type CopyProblem } from '../pricing/plan-copy';
import { glossarySchema, type Glossary } from '../schemas/glossary';
import { isLocale, type Locale } from './locales';
import { wholeWords } from './words';

/** The glossary file of `locale`. */
export const glossaryPath = (locale: Locale) => contentPath('glossary', locale);

/**
 * The glossaries by the language they serve, from the glossary collection's files (named by their language). A file
 * that breaks its schema is left out here: the content layer refuses it, naming its field.
 */
export function glossariesOf(files: readonly ContentFile[]): Partial<Record<Locale, Glossary>> {
  const out: Partial<Record<Locale, Glossary>> = {};
  for (const file of files) {
    if (file.collection !== 'glossary' || !isLocale(file.id)) continue;
    const glossary = glossarySchema.safeParse(file.data);
    if (glossary.success) out[file.id] = glossary.data;
  }
  return out;
}

/**
 * The words the claims check looks for (the facts' `words` of a statement or a feature, the claims we do not make):
 * the spellings copy must not use, listed so that copy using them is found.
 */
const isClaimWords = (file: ContentFile, field: string) =>
  file.collection === 'facts' && /(?:^|\.)words(?:\[\d+\])?$/.test(field);

/** The spelling as matched: case and runs of spaces aside. */
const key = (written: string) => written.toLowerCase().replace(/\s+/g, ' ');

/**
 * One pattern of every spelling a glossary avoids, whole words, the longest first (so "WhatsApp बिजनेस API" is found
 * before a shorter spelling inside it), and the term each spelling is of: one pattern to compile, not one per word.
 */
function avoidedIn(glossary: Glossary) {
  const terms = new Map<string, Glossary['terms'][number]>();
  for (const term of glossary.terms) for (const avoid of term.avoid) terms.set(key(avoid), term);
  const spellings = [...terms.keys()].sort((a, b) => b.length - a.length);
  const pattern = spellings.length ? wholeWords(spellings) : null;
  return { terms, pattern };
}

/** Every text of `files` in a language with a glossary that writes one of its terms an avoided way. */
export function glossaryProblems(
  files: readonly ContentFile[],
  glossaries: Partial<Record<Locale, Glossary>>,
): CopyProblem[] {
  const problems: CopyProblem[] = [];
  const byLocale = new Map<Locale, ReturnType<typeof avoidedIn>>();
  for (const file of files) {
    const glossary = glossaries[file.locale];
    if (!glossary || file.collection === 'glossary') continue;
    let avoided = byLocale.get(file.locale);
    if (!avoided) {
      avoided = avoidedIn(glossary);
      byLocale.set(file.locale, avoided);
    }
    const { terms, pattern } = avoided;
    if (!pattern) continue;
    for (const [field, text] of textsOf(file)) {
      if (isClaimWords(file, field)) continue;
      const seen = new Set<string>();
      for (const [found] of text.matchAll(pattern)) {
        const term = terms.get(key(found));
        if (!term || seen.has(term.en)) continue;
        seen.add(term.en);
        problems.push({
          file: file.path,
          field,
          message: `"${found}" writes the glossary's term "${term.en}" another way: write "${term.hi}" (${glossaryPath(file.locale)})`,
        });
      }
    }
  }
  return problems;
}
