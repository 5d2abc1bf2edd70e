/**
 * The admin's preview of the home page, a feature page and a blog post. The site's pages are Astro components, which
 * cannot run in the admin, so each preview draws one part of its page in the site's own markup classes and stylesheet,
 * as visitors see it:
 *
 * - the home page: its top (eyebrow, headline, subline; the two buttons are site-wide labels and the dashboard a fixed
 *   picture, so neither is drawn);
 * - a feature page: its top (eyebrow, headline, text and picture; the AI web builder's demo is drawn by its own
 *   component and styles, so it shows as the admin draws fields);
 * - a blog post: the whole post (category, title, date and author, picture, text).
 *
 * Every field the preview does not draw that way shows as the admin draws fields (labels and values, in the site's
 * fonts), in the file's order: those of the drawn part right under it (the dashboard's description, the builder's
 * demo, a post's summary), then the page's other sections. So a field added to a schema shows in the preview at once,
 * and tests/unit/cms-previews.test.ts fails if any field of an entry goes missing from its preview.
 *
 * Plain function components: the admin renders them with its own React.
 */
import type { ReactNode } from 'react';
import type { CustomPreviewTemplateProps } from '@sveltia/cms';
import { formatLongDate } from '../lib/format';

type Props = CustomPreviewTemplateProps;

/** What an entry's Immutable map is read with here. */
type EntryMap = { getIn(path: string[]): unknown };
type KeyedMap = { keySeq(): { toArray(): string[] } };

/** A text of the entry at `path` ("hero", "headline"). */
const textAt = (entry: Props['entry'], ...path: string[]) => {
  const value = (entry as unknown as EntryMap).getIn(['data', ...path]);
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
};

/** The keys of the object at `path` of the entry (the entry itself when empty), in the file's order. */
const keysAt = (entry: Props['entry'], path: string[]) =>
  ((entry as unknown as EntryMap).getIn(['data', ...path]) as KeyedMap | undefined)?.keySeq?.().toArray() ?? [];

/**
 * The fields of the object at `path` (the entry itself when empty) that the preview has not drawn as the page does,
 * each as the admin draws it, in the file's order.
 */
function otherFields(
  entry: Props['entry'],
  widgetFor: Props['widgetFor'],
  path: string[],
  drawn: readonly string[],
): ReactNode[] {
  return keysAt(entry, path)
    .filter((key) => !drawn.includes(key))
    .map((key) => {
      const keyPath = [...path, key].join('.');
      return (
        <div key={keyPath} className="container-page py-4">
          {widgetFor(keyPath)}
        </div>
      );
    });
}

/** The home page's top fields that the preview draws as the page does. */
const HOME_HERO = ['eyebrow', 'headline', 'subline'];

/** The home page: its top as on the page, then the other sections. */
export function HomePreview({ entry, widgetFor }: Props) {
  return (
    <>
      <section className="hero overflow-x-clip bg-gradient-to-b from-brand-50 via-white to-white">
        <div className="container-page pt-10 pb-16 text-center sm:pt-16">
          <p className="eyebrow">{textAt(entry, 'hero', 'eyebrow')}</p>
          <h1 className="mx-auto mt-3 max-w-4xl text-4xl font-extrabold tracking-tight text-ink sm:text-6xl">
            {textAt(entry, 'hero', 'headline')}
          </h1>
          <p className="mx-auto mt-5 max-w-2xl text-lg leading-8 text-muted sm:text-xl">
            {textAt(entry, 'hero', 'subline')}
          </p>
        </div>
      </section>
      {otherFields(entry, widgetFor, ['hero'], HOME_HERO)}
      {otherFields(entry, widgetFor, [], ['hero'])}
    </>
  );
}

/** A feature page's top fields that the preview draws as the page does. */
const FEATURE_HERO = ['eyebrow', 'heading', 'text', 'image'];

/** A feature page: its top as on the page, with its picture, then the other sections. */
export function FeaturePreview({ entry, widgetFor, getAsset }: Props) {
  // The picture as the admin has it; none while it cannot find the file.
  const picture = getAsset(textAt(entry, 'hero', 'image', 'src'))?.url;
  return (
    <>
      <section className="overflow-hidden bg-gradient-to-b from-brand-50 to-white">
        <div className="container-page grid items-center gap-10 py-12 sm:py-16 lg:grid-cols-2 lg:gap-16 lg:py-20">
          <div>
            <p className="eyebrow">{textAt(entry, 'hero', 'eyebrow')}</p>
            <h1 className="mt-3 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">
              {textAt(entry, 'hero', 'heading')}
            </h1>
            <p className="mt-5 max-w-xl text-lg leading-8 text-muted">{textAt(entry, 'hero', 'text')}</p>
          </div>
          {picture ? (
            <img src={picture} alt={textAt(entry, 'hero', 'image', 'alt')} className="w-full rounded-2xl" />
          ) : null}
        </div>
      </section>
      {otherFields(entry, widgetFor, ['hero'], FEATURE_HERO)}
      {otherFields(entry, widgetFor, [], ['kind', 'hero'])}
    </>
  );
}

/** A blog post's fields that the preview draws as the post's page does. */
const POST = ['name', 'category', 'createdAt', 'author', 'image', 'imageAlt', 'body'];

/**
 * A blog post as its page shows it: category, title, date and author, picture, then the text with the post's own
 * styles; then what the page does not show (the summary of the post cards).
 */
export function BlogPostPreview({ entry, widgetFor, getAsset }: Props) {
  const date = new Date(textAt(entry, 'createdAt'));
  const picture = textAt(entry, 'image');
  return (
    <>
      <article className="container-page max-w-3xl py-10 sm:py-14">
        <header className="mt-4">
          {/* The category as the admin names it (the page shows its name from the categories list). */}
          <div className="eyebrow">{widgetFor('category')}</div>
          <h1 className="mt-3 text-3xl leading-tight font-extrabold tracking-tight sm:text-4xl">
            {textAt(entry, 'name')}
          </h1>
          <p className="mt-4 text-sm text-muted">
            {Number.isNaN(date.getTime()) ? '' : formatLongDate(date)}
            <span aria-hidden="true"> · </span>
            {textAt(entry, 'author')}
          </p>
        </header>
        {picture ? (
          <figure className="mt-8">
            <img
              src={getAsset(picture)?.url ?? picture}
              alt={textAt(entry, 'imageAlt')}
              className="aspect-[40/21] w-full rounded-2xl bg-brand-50 object-cover"
            />
          </figure>
        ) : null}
        <div className="blog-prose mt-8">{widgetFor('body')}</div>
      </article>
      {otherFields(entry, widgetFor, [], POST)}
    </>
  );
}
