import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/** The call to action that ends every post, as the content writes it (src/content/blog-page/blogs.json). */
const POST_CTA = (
  JSON.parse(readFileSync('src/content/blog-page/blogs.json', 'utf8')) as { postCta: { heading: string } }
).postCta;

/**
 * The post on `page` ends with its next step: the content's heading, then Book a Free Demo (the demo booking) and Get
 * Started (the admin app), each a call to action for the analytics (data-cta, data-cta-location), in a new tab; after
 * the post's text, and before its share links where it has them.
 */
export async function expectPostCta(page: Page): Promise<void> {
  const article = page.getByRole('article');
  const cta = article.getByRole('region', { name: POST_CTA.heading });
  await expect(cta).toBeVisible();
  const demo = cta.getByRole('link', { name: 'Book a Free Demo' });
  const start = cta.getByRole('link', { name: 'Get Started' });
  await expect(demo).toHaveAttribute('href', /\/user\/book-appointment\/[^/]+\/[^/]+$/);
  await expect(start).toHaveAttribute('href', /\/admin$/);
  for (const [link, kind] of [
    [demo, 'demo'],
    [start, 'start'],
  ] as const) {
    await expect(link).toHaveAttribute('data-cta', kind);
    await expect(link).toHaveAttribute('data-cta-location', 'blog-post');
    await expect(link).toHaveAttribute('target', '_blank');
  }
  // After the text: the last thing of the article's own words comes before it.
  const order = await article.evaluate((element) => {
    const text = element.querySelector('[data-field="description"]')!;
    const call = element.querySelector('[data-post-cta]')!;
    const share = element.querySelector('[aria-labelledby="share-heading"]');
    const follows = (a: Element, b: Element) => !!(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
    return { afterText: follows(text, call), beforeShare: share ? follows(call, share) : true };
  });
  expect(order).toEqual({ afterText: true, beforeShare: true });
}
