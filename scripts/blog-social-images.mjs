#!/usr/bin/env node
// Renders a PNG next to every SVG illustration in public/media/blog, for Open Graph and feed readers (social networks
// do not show SVG cards). Run after adding or changing an illustration: node scripts/blog-social-images.mjs
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';

const dir = 'public/media/blog';
for (const name of readdirSync(dir).filter((n) => n.endsWith('.svg'))) {
  const target = join(dir, name.replace(/\.svg$/, '.png'));
  await sharp(join(dir, name), { density: 96 })
    .resize(1200, 630)
    .png({ compressionLevel: 9, palette: true })
    .toFile(target);
  console.log(`${target}`);
}
