/** Fetches one post from the blog API and renders it into the 404 page with the build's markup and policy. */
import DOMPurify from 'dompurify';
import { fetchPostDetail } from '../lib/blog/api';
import { createSanitizer } from '../lib/blog/sanitize';
import { formatLongDate } from '../lib/format';
import { stripEventHandlers } from '../lib/html-scan';
import { COMPOUND_CLASS, compoundParts, keepCompoundsWhole } from '../lib/compounds';

/** Sets an element's text, its hyphenated compounds kept on one line as the build keeps a page's (../lib/compounds). */
function setText(element: HTMLElement, text: string): void {
  element.replaceChildren(
    ...compoundParts(text).map(({ text: run, compound }) => {
      if (!compound) return document.createTextNode(run);
      const span = document.createElement('span');
      span.className = COMPOUND_CLASS;
      span.textContent = run;
      return span;
    }),
  );
}

export async function showBlogFallback(root: HTMLElement, id: string): Promise<void> {
  const plain = document.querySelector<HTMLElement>('[data-not-found]');
  const status = root.querySelector<HTMLElement>('[data-blog-status]');
  const error = root.querySelector<HTMLElement>('[data-blog-error]');
  const template = root.querySelector<HTMLTemplateElement>('template[data-blog-template]');
  if (!status || !error || !template) return;

  if (plain) plain.hidden = true;
  root.hidden = false;
  status.textContent = root.dataset.loadingLabel ?? '';

  const post = await fetchPostDetail(root.dataset.apiBase ?? '', id);
  status.textContent = '';
  status.hidden = true;
  if (!post) {
    error.hidden = false;
    error.querySelector<HTMLElement>('h1')?.focus();
    return;
  }

  const sanitizer = createSanitizer(DOMPurify);
  const article = template.content.cloneNode(true) as DocumentFragment;
  const field = <T extends HTMLElement = HTMLElement>(name: string) =>
    article.querySelector<T>(`[data-field="${name}"]`);
  const created = new Date(post.createdAt);
  setText(field('category')!, post.category.name);
  setText(field('name')!, post.name);
  const date = field('date')!;
  date.textContent = formatLongDate(created);
  date.setAttribute('datetime', post.createdAt);
  setText(field('author')!, post.author);
  // Event handlers and <base> go before any parser sees the markup: parsed inside this page, they would each be
  // reported as a Content-Security-Policy violation (blocked, but noisy). DOMPurify then applies the whole policy.
  field('description')!.innerHTML = keepCompoundsWhole(sanitizer.rich(stripEventHandlers(post.description)));
  const image = field<HTMLImageElement>('image');
  if (post.image && image) {
    image.src = post.image.src;
    image.alt = post.image.alt;
  } else {
    field('figure')?.remove();
  }
  root.append(article);
  document.title = `${post.name}${root.dataset.titleSuffix ?? ''}`;
}
