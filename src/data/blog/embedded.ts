/**
 * The embedded blog: Markdown posts in the blog's content folder (front matter plus body) and their categories in the
 * categories file beside them. Used when no blog API is configured; the README's run command builds with it.
 */
import { existsSync } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import type { z } from 'astro/zod';
import { blogCategoriesSchema, embeddedPostSchema } from '../../lib/schemas/blog';
import type { BlogCategory, BlogPost } from '../../lib/blog/post';
import { contentFolder, contentPattern } from '../../lib/content-paths';
import { DEFAULT_LOCALE, LOCALES } from '../../lib/i18n/locales';

export const EMBEDDED_DIR = contentFolder('blog');
const CATEGORIES_FILE = contentPattern('blogCategories');

function describeIssues(error: z.ZodError): string {
  return error.issues.map((issue) => `field "${issue.path.join('.') || '(root)'}": ${issue.message}`).join('; ');
}

/** A Markdown file's front matter (parsed YAML) and body; a file without front matter fails, naming `file`. */
export function splitFrontmatter(text: string, file: string): { data: unknown; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(text);
  if (!match) throw new Error(`${file}: missing front matter (a block between --- lines at the top)`);
  return { data: parseYaml(match[1] ?? ''), body: match[2] ?? '' };
}

export async function readEmbeddedCategories(dir = EMBEDDED_DIR): Promise<BlogCategory[]> {
  const file = join(dir, CATEGORIES_FILE);
  const parsed = blogCategoriesSchema.safeParse(JSON.parse(await readFile(file, 'utf8')));
  if (!parsed.success) throw new Error(`${file}: ${describeIssues(parsed.error)}`);
  return parsed.data;
}

/**
 * Every embedded post with its body rendered to HTML by `renderMarkdown` (Astro's Markdown pipeline in the loader):
 * the English posts of `dir`, then the posts written in another language, in that locale's folder inside it
 * (`hi/<id>.md`), each under the id `<locale>/<id>` with its categories' names in that language (the locale's
 * categories file: the English ids, translated names). A post is in one language; one that translates an English post
 * names it (`translationOf`). A post with a bad front matter, an unknown category or a `translationOf` naming no
 * English post fails the build, naming the file and the field.
 */
export async function readEmbeddedPosts(
  renderMarkdown: (markdown: string) => Promise<string>,
  dir = EMBEDDED_DIR,
): Promise<BlogPost[]> {
  const english = await readCategories(dir);
  const posts = await readPostsOf(renderMarkdown, dir, english, '');
  const ids = new Set(posts.map((post) => post.id));
  for (const locale of Object.keys(LOCALES).filter((code) => code !== DEFAULT_LOCALE)) {
    const folder = join(dir, locale);
    if (!existsSync(folder)) continue;
    const names = existsSync(join(folder, CATEGORIES_FILE))
      ? new Map((await readEmbeddedCategories(folder)).map((c) => [c.id, c.name]))
      : new Map<string, string>();
    const categories = new Map(
      [...english].map(([id, category]) => [id, { ...category, name: names.get(id) ?? category.name }]),
    );
    const translated = await readPostsOf(renderMarkdown, folder, categories, `${locale}/`);
    for (const post of translated) {
      if (post.translationOf !== undefined && !ids.has(post.translationOf)) {
        throw new Error(
          `${join(folder, post.id.slice(locale.length + 1))}.md: field "translationOf": "${post.translationOf}" is no English post of ${dir}`,
        );
      }
    }
    posts.push(...translated);
  }
  return posts;
}

async function readCategories(dir: string): Promise<Map<string, BlogCategory>> {
  return new Map((await readEmbeddedCategories(dir)).map((c) => [c.id, c]));
}

/** The posts of one folder, their ids opened by `prefix` (the locale's folder, none for English). */
async function readPostsOf(
  renderMarkdown: (markdown: string) => Promise<string>,
  dir: string,
  categories: Map<string, BlogCategory>,
  prefix: string,
): Promise<BlogPost[]> {
  const files = (await readdir(dir)).filter((name) => name.endsWith('.md')).sort();
  const posts: BlogPost[] = [];
  for (const name of files) {
    const file = join(dir, name);
    const { data, body } = splitFrontmatter(await readFile(file, 'utf8'), file);
    const parsed = embeddedPostSchema.safeParse(data);
    if (!parsed.success) throw new Error(`${file}: ${describeIssues(parsed.error)}`);
    const front = parsed.data;
    const category = categories.get(front.category);
    if (!category) {
      throw new Error(`${file}: field "category": "${front.category}" is not an id in ${dir}/${CATEGORIES_FILE}`);
    }
    posts.push({
      id: `${prefix}${name.replace(/\.md$/, '')}`,
      name: front.name,
      category,
      createdAt: front.createdAt.toISOString(),
      author: front.author,
      shortDescription: front.shortDescription,
      description: await renderMarkdown(body),
      image: { src: front.image, alt: front.imageAlt },
      ...(front.translationOf === undefined ? {} : { translationOf: front.translationOf }),
    });
  }
  return posts;
}
