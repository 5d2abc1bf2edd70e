/**
 * Starts the blog runtime fallback on /blog/{id} paths of the 404 page only; the code that fetches, sanitises and
 * renders the post (with DOMPurify) is loaded on those paths alone. The id must pass the build's rule for post ids:
 * a path that no build could have written (a "..", a stray "%", a control character...) keeps the plain 404 page and
 * asks the blog API nothing.
 */
import { unsafeIdReason } from '../lib/blog/post';

function postId(pathname: string): string | null {
  const match = /^\/blog\/([^/]+)\/?$/.exec(pathname);
  if (!match?.[1]) return null;
  try {
    const id = decodeURIComponent(match[1]);
    return unsafeIdReason(id) ? null : id;
  } catch {
    return null;
  }
}

const root = document.querySelector<HTMLElement>('[data-blog-fallback]');
const id = postId(window.location.pathname);

if (root && id) {
  void import('./blog-fallback-render').then(({ showBlogFallback }) => showBlogFallback(root, id));
}
