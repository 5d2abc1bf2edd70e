/**
 * The content admin's browser entry (/cms/, built by src/integrations/cms-admin.ts): Sveltia CMS with the generated
 * config.yml beside the page, and the site's own stylesheet in the preview, so an editor sees headings, lists and
 * links as visitors will. Before each save, the entry goes through the build's own rules (src/lib/cms/entry-check.ts):
 * what the build would refuse is not saved, and the editor is told which field and why.
 */
import CMS from '@sveltia/cms';
import { languageName, problemLines, savedEntryProblems } from '../lib/cms/entry-check';
import type { SiteRules } from '../lib/cms/entry-check';
import { DEFAULT_LOCALE } from '../lib/i18n/locales';
import { BlogPostPreview, FeaturePreview, HomePreview } from './previews';
import { showPublishBar } from './publish-bar';
import { guardUnsavedChanges } from './unsaved-guard';

const styles = document.querySelector<HTMLMetaElement>('meta[name="cms-preview-styles"]')?.content ?? '';
for (const href of styles.split(' ').filter(Boolean)) CMS.registerPreviewStyle(href);
// The top of the page as visitors see it: the home page, each feature page (by its file's name) and the blog's posts.
CMS.registerPreviewTemplate('home', HomePreview);
const featurePages = document.querySelector<HTMLMetaElement>('meta[name="cms-feature-pages"]')?.content ?? '';
for (const name of featurePages.split(' ').filter(Boolean)) CMS.registerPreviewTemplate(name, FeaturePreview);
CMS.registerPreviewTemplate('blog', BlogPostPreview);

/** A JSON file the build wrote beside this admin, or nothing. */
async function besidePage<T>(name: string): Promise<T | undefined> {
  const response = await fetch(new URL(name, document.baseURI)).catch(() => undefined);
  return response?.ok ? ((await response.json()) as T) : undefined;
}

/**
 * The site's plans, product facts and names as the build that wrote this admin read them, for the copy and names
 * checks.
 */
async function siteRules(): Promise<SiteRules> {
  const [plans, facts, names, glossaries] = await Promise.all([
    besidePage<SiteRules['plans']>('plans.json'),
    besidePage<SiteRules['facts']>('facts.json'),
    besidePage<SiteRules['names']>('names.json'),
    besidePage<SiteRules['glossaries']>('glossaries.json'),
  ]);
  return { plans, facts, names, glossaries };
}

/**
 * The refusal's own words in the admin's language (the language its page is set to), English when it has none of
 * these; the rules that follow are the build's, as the build says them.
 */
const REFUSAL = {
  en: { refused: 'The site would refuse it.', in: (language: string) => `In ${language}:` },
  hi: { refused: 'साइट इसे स्वीकार नहीं करेगी।', in: (language: string) => `${language} में:` },
};
const adminLanguage = () => (document.documentElement.lang.toLowerCase().startsWith('hi') ? 'hi' : 'en');

/** An entry as the save event hands it: an Immutable map. */
interface SavingEntry {
  get(key: 'collection' | 'path' | 'slug'): string;
  get(key: 'data'): { toJS(): Record<string, unknown> };
  get(key: 'i18n'): { toJS(): Record<string, unknown> } | undefined;
}

CMS.registerEventListener({
  name: 'preSave',
  handler: async ({ entry }) => {
    const saving = entry as unknown as SavingEntry;
    const refused = savedEntryProblems(
      saving.get('collection'),
      saving.get('path'),
      { data: saving.get('data').toJS(), i18n: saving.get('i18n')?.toJS() },
      await siteRules(),
    );
    // Thrown as the admin's own "saving_failed", the save stops and its dialog shows the cause: the file is unchanged.
    if (refused.length) {
      const words = REFUSAL[adminLanguage()];
      const parts = refused.map(({ locale, problems }) => {
        const lines = `${problemLines(problems).join('. ')}.`;
        return locale === DEFAULT_LOCALE && refused.length === 1 ? lines : `${words.in(languageName(locale))} ${lines}`;
      });
      const why = new Error(`${words.refused} ${parts.join(' ')}`);
      throw new Error('saving_failed', { cause: why });
    }
  },
});

guardUnsavedChanges();
void CMS.init();
// What became of the last save: live, or why it was not published.
void showPublishBar();
