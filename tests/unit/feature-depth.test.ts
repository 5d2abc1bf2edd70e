import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * Every feature page tells as much as the member-management page, the page the others are measured against: as many
 * highlights, blocks, points per block and questions, and at least as many words of visible copy. A new or trimmed
 * feature file that falls short fails here, naming the file and what it lacks.
 */
const DIR = 'src/content/features';
const REFERENCE = 'member-management.json';

interface FeatureFile {
  kind: string;
  hero: { heading: string; text: string };
  highlights: { title: string; text: string }[];
  blocks: { title: string; text: string; points: string[] }[];
  faqs: { question: string; answer: string }[];
}

function read(file: string): FeatureFile {
  return JSON.parse(readFileSync(`${DIR}/${file}`, 'utf8')) as FeatureFile;
}

/** Words a visitor reads on the page: hero, highlights, blocks with their points, and the FAQ. */
function words(page: FeatureFile): number {
  const text = [
    page.hero.heading,
    page.hero.text,
    ...page.highlights.flatMap((h) => [h.title, h.text]),
    ...page.blocks.flatMap((b) => [b.title, b.text, ...b.points]),
    ...page.faqs.flatMap((f) => [f.question, f.answer]),
  ].join(' ');
  return text.split(/\s+/).filter((word) => /\p{L}/u.test(word)).length;
}

const reference = read(REFERENCE);
const features = readdirSync(DIR)
  .filter((file) => file.endsWith('.json') && file !== REFERENCE)
  .map((file) => ({ file, page: read(file) }))
  .filter(({ page }) => page.kind === 'feature');

describe(`feature pages are as deep as ${REFERENCE}`, () => {
  it('has feature pages to hold to it, read from the folder', () => {
    expect(features.length).toBeGreaterThan(0);
  });

  it.each(features)('$file', ({ page }) => {
    expect(page.highlights.length, 'highlights').toBeGreaterThanOrEqual(reference.highlights.length);
    expect(page.blocks.length, 'blocks').toBeGreaterThanOrEqual(reference.blocks.length);
    const fewestPoints = Math.min(...reference.blocks.map((b) => b.points.length));
    for (const block of page.blocks)
      expect(block.points.length, `points of "${block.title}"`).toBeGreaterThanOrEqual(fewestPoints);
    expect(page.faqs.length, 'questions').toBeGreaterThanOrEqual(reference.faqs.length);
    expect(words(page), 'words').toBeGreaterThanOrEqual(words(reference));
  });
});
