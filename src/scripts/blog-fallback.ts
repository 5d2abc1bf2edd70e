/**
 * Starts the blog runtime fallback on /blog/{id} paths of the 404 page only; the code that fetches, sanitises and
 * renders the post (with DOMPurify) is loaded on those paths alone.
 */
const root = document.querySelector<HTMLElement>('[data-blog-fallback]');
const match = /^\/blog\/([^/]+)\/?$/.exec(window.location.pathname);

if (root && match?.[1]) {
  const id = decodeURIComponent(match[1]);
  void import('./blog-fallback-render').then(({ showBlogFallback }) => showBlogFallback(root, id));
}
