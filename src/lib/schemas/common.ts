/**
 * Shapes that several collections share. Each is defined here once, and its TypeScript type is derived from it
 * (`z.infer`), so components and islands type their props with the same shape the content is checked against.
 */
import { z } from 'astro/zod';
import { ICON_NAMES } from '../icons';

/** An image's format as Astro's image() reads it from the file. */
type ImageFormat = 'png' | 'jpg' | 'jpeg' | 'tiff' | 'webp' | 'gif' | 'svg' | 'avif';

/**
 * What Astro passes to a collection's schema (its SchemaContext, written here so the schemas stay plain TypeScript):
 * image() checks a path relative to the entry and gives the image's metadata.
 */
export interface SchemaContext {
  image: () => z.ZodType<{ src: string; width: number; height: number; format: ImageFormat }>;
}

/** A collection entry as a page hands it to a component: its id (the file's name) and its checked data. */
export interface Entry<Data> {
  id: string;
  data: Data;
}

/** A lucide icon (or one of the site's own marks) by name: see src/lib/icons.ts. */
export const iconName = z.enum(ICON_NAMES);

/**
 * Where a drawn product screen is cut on a phone (src/components/ui/ProductScreen.astro), which draws it large enough
 * to read and shows the part of it that fits: the point that stays in view, as fractions of the picture's width and
 * height from its top left. Left out: the top left (0, 0), where a screen's title is.
 */
export const focus = z
  .object({
    x: z.number().min(0).max(1).describe('0 keeps the left edge in view, 0.5 the middle, 1 the right edge.'),
    y: z.number().min(0).max(1).describe('0 keeps the top edge in view, 0.5 the middle, 1 the bottom edge.'),
  })
  .strict()
  .describe('The part of the picture a phone shows at a readable size; the top left when left out.');
export type Focus = z.infer<typeof focus>;

/** A question and its answer, in an FAQ accordion and the page's FAQPage JSON-LD. */
export const faqItem = z
  .object({
    id: z
      .string()
      .regex(/^[a-z0-9][a-z0-9-]*$/)
      .describe('Fragment id of the item; unique in its list.'),
    question: z.string().min(10).max(160),
    answer: z.string().min(20).max(600),
  })
  .strict();
export type FaqItem = z.infer<typeof faqItem>;

/** A card with an icon, a title and a short text: feature highlights, benefits, values, offers. */
export const iconCard = z
  .object({ title: z.string().min(3).max(60), text: z.string().min(20).max(280), icon: iconName })
  .strict();
export type IconCard = z.infer<typeof iconCard>;

/** The eyebrow, heading and intro at the top of a section. */
export const sectionHead = {
  eyebrow: z.string().min(2).max(40),
  heading: z.string().min(5).max(90),
  intro: z.string().min(20).max(320),
};
export type SectionHead = z.infer<z.ZodObject<typeof sectionHead>>;

/** Page names are at most this long, so "{pageName} | {domain label}" stays within 70 characters with the default label. */
export const PAGE_NAME_MAX = 50;

/** Head fields every page-like entry carries; bounds follow search engines' display limits. */
export const seo = {
  pageName: z
    .string()
    .min(2)
    .max(PAGE_NAME_MAX)
    .describe('Page name; the title becomes "{pageName} | {domain label}".'),
  description: z.string().min(50).max(160),
};
