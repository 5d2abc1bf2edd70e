import rss from '@astrojs/rss';
import type { APIContext } from 'astro';
import { blogEntries, blogPageCopy } from '../data/blog/entries';
import { FEED_SIZE } from '../lib/blog/index';
import { site } from '../config/site';

/** The blog's feed: the newest FEED_SIZE posts, linked from the head of the blog pages. */
export async function GET(context: APIContext) {
  const [copy, posts] = await Promise.all([blogPageCopy(), blogEntries()]);
  return rss({
    title: copy.feedTitle,
    description: copy.description,
    site: context.site ?? site.url,
    // Item links in the site's one URL form (no trailing slash), as in the sitemap and the canonical URLs.
    trailingSlash: false,
    items: posts.slice(0, FEED_SIZE).map((post) => ({
      title: post.data.name,
      link: `/blog/${encodeURIComponent(post.id)}`,
      pubDate: post.data.createdAt,
      description: post.data.excerpt,
      author: post.data.author,
      categories: [post.data.category.name],
    })),
    customData: `<language>en-in</language>`,
  });
}
