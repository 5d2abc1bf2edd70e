// Renders the raster brand assets in public/ from public/favicon.svg: app icons, favicon.ico and the default
// social card (the mark alone: a picture cannot follow the brand name set in configuration, and the card's title and
// description come with the page). Run it after changing the mark: `node scripts/brand-assets.mjs`.
import { readFile, writeFile } from 'node:fs/promises';
import sharp from 'sharp';

const mark = await readFile('public/favicon.svg');
/**
 * The mark at `size`, as a PNG of at most 256 colours (the mark has a few flat ones): a quarter of the bytes of a
 * full-colour file, which matters for icon-192.png, fetched with every first visit's page by a browser that reads the
 * web app manifest.
 * @param {number} size
 */
const png = (size) =>
  sharp(mark, { density: 384 })
    .resize(size, size)
    .png({ palette: true, quality: 90, effort: 10, compressionLevel: 9 })
    .toBuffer();

await writeFile('public/icon-192.png', await png(192));
await writeFile('public/icon-512.png', await png(512));
await writeFile('public/apple-touch-icon.png', await png(180));

// An .ico file may hold a PNG image: a 6-byte header, one 16-byte directory entry, then the PNG.
const ico32 = await png(32);
const header = Buffer.alloc(22);
header.writeUInt16LE(0, 0);
header.writeUInt16LE(1, 2);
header.writeUInt16LE(1, 4);
header.writeUInt8(32, 6);
header.writeUInt8(32, 7);
header.writeUInt16LE(1, 10);
header.writeUInt16LE(32, 12);
header.writeUInt32LE(ico32.length, 14);
header.writeUInt32LE(22, 18);
await writeFile('public/favicon.ico', Buffer.concat([header, ico32]));

const card = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#312e81"/><stop offset="1" stop-color="#6366f1"/></linearGradient></defs>
  <rect width="1200" height="630" fill="url(#g)"/>
  <g transform="translate(460 175) scale(4.4)">${mark.toString().replace(/<\/?svg[^>]*>/g, '')}</g>
</svg>`;
await sharp(Buffer.from(card)).png().toFile('public/og-default.png');
console.log('brand assets written to public/');
