/**
 * The content admin's browser entry (/cms/, built by src/integrations/cms-admin.ts): Sveltia CMS with the generated
 * config.yml beside the page, and the site's own stylesheet in the preview, so an editor sees headings, lists and
 * links as visitors will.
 */
import CMS from '@sveltia/cms';

const styles = document.querySelector<HTMLMetaElement>('meta[name="cms-preview-styles"]')?.content ?? '';
for (const href of styles.split(' ').filter(Boolean)) CMS.registerPreviewStyle(href);

void CMS.init();
