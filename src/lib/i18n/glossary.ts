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
import { wholeWord } from './words';

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

/** Every text of `files` in a language with a glossary that writes one of its terms an avoided way. */
export function glossaryProblems(
  files: readonly ContentFile[],
  glossaries: Partial<Record<Locale, Glossary>>,
): CopyProblem[] {
  const problems: CopyProblem[] = [];
  const patterns = new Map<Locale, { term: Glossary['terms'][number]; avoid: string; pattern: RegExp }[]>();
  for (const file of files) {
    const glossary = glossaries[file.locale];
    if (!glossary || file.collection === 'glossary') continue;
    let terms = patterns.get(file.locale);
    if (!terms) {
      terms = glossary.terms.flatMap((term) => term.avoid.map((avoid) => ({ term, avoid, pattern: wholeWord(avoid) })));
      patterns.set(file.locale, terms);
    }
    for (const [field, text] of textsOf(file)) {
      if (isClaimWords(file, field)) continue;
      for (const { term, avoid, pattern } of terms) {
        const found = pattern.exec(text);
        if (!found) continue;
        problems.push({
          file: file.path,
          field,
          message: `"${found[0]}" writes the glossary's term "${term.en}" another way: write "${term.hi}" (${glossaryPath(file.locale)}${avoid === found[0] ? '' : `, which avoids "${avoid}"`})`,
        });
      }
    }
  }
  return problems;
}
