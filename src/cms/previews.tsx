/**
 * The admin's preview of the home page, a feature page and a blog post: the top of the page (and a post whole) in the
 * site's own markup classes and stylesheet, as visitors see it; the rest of the entry below, as the admin draws its
 * fields. Plain function components: the admin renders them with its own React.
 */
import type { ReactNode } from 'react';
import type { CustomPreviewTemplateProps } from '@sveltia/cms';
import { formatLongDate } from '../lib/format';

type Props = CustomPreviewTemplateProps;

/** A text of the entry at `path` ("hero", "headline"). */
const textAt = (entry: Props['entry'], ...path: string[]) => {
  const value = (entry as unknown as { getIn(path: string[]): unknown }).getIn(['data', ...path]);
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
};

/** Every other top-level field of the entry, as the admin previews it, in the file's order. */
function theRest(entry: Props['entry'], widgetFor: Props['widgetFor'], shown: string[]): ReactNode[] {
  const data = (entry as unknown as { getIn(path: string[]): { keySeq(): { toArray(): string[] } } | undefined }).getIn(
    ['data'],
  );
  const keys = data?.keySeq().toArray() ?? [];
  return keys
    .filter((key) => !shown.includes(key))
    .map((key) => (
      <div key={key} className="container-page py-4">
        {widgetFor(key)}
      </div>
    ));
}

/** The home page: its hero as on the page, then the other sections. */
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
      {theRest(entry, widgetFor, ['hero'])}
    </>
  );
}

/** A feature page: its hero as on the page, with its picture, then the other sections. */
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
      {theRest(entry, widgetFor, ['kind', 'hero'])}
    </>
  );
}

/** A blog post as its page shows it: title, date and author, picture, then the text with the post's own styles. */
export function BlogPostPreview({ entry, widgetFor, getAsset }: Props) {
  const date = new Date(textAt(entry, 'createdAt'));
  const picture = textAt(entry, 'image');
  return (
    <article className="container-page max-w-3xl py-10 sm:py-14">
      <header className="mt-4">
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
  );
}
