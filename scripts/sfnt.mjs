// A small reader and writer of TrueType font files (sfnt), for the brand font's build step (scripts/brand-font.mjs):
// enough to read a character map and to copy glyphs, outline and weight variations included, from one subset of a
// variable font into another subset of the same font. Table layouts: the OpenType specification (cmap, glyf, loca,
// hmtx, gvar, maxp, head, hhea, OS/2, post).

/**
 * The tables of a TrueType file, by tag.
 * @param {Buffer} font
 * @returns {Map<string, Buffer>}
 */
export function readTables(font) {
  const version = font.readUInt32BE(0);
  if (version !== 0x00010000) throw new Error('not a TrueType font (glyf outlines) in an sfnt file');
  /** @type {Map<string, Buffer>} */
  const tables = new Map();
  for (let i = 0; i < font.readUInt16BE(4); i++) {
    const at = 12 + 16 * i;
    const offset = font.readUInt32BE(at + 8);
    tables.set(font.toString('latin1', at, at + 4), font.subarray(offset, offset + font.readUInt32BE(at + 12)));
  }
  return tables;
}

/**
 * A table of `tables`, which the font must have.
 * @param {Map<string, Buffer>} tables
 * @param {string} tag
 */
function tableOf(tables, tag) {
  const table = tables.get(tag);
  if (!table) throw new Error(`the font has no ${tag} table`);
  return table;
}

/**
 * The item at `index` of a list whose length the font's own counts give.
 * @template T
 * @param {readonly T[]} list
 * @param {number} index
 * @returns {T}
 */
function itemOf(list, index) {
  const item = list[index];
  if (item === undefined) throw new Error(`index ${index} is beyond the font's ${list.length} entries`);
  return item;
}

/** @param {Buffer} data */
const checksum = (data) => {
  const padded = Buffer.concat([data, Buffer.alloc((4 - (data.length % 4)) % 4)]);
  let sum = 0;
  for (let i = 0; i < padded.length; i += 4) sum = (sum + padded.readUInt32BE(i)) >>> 0;
  return sum;
};

/**
 * A TrueType file from its tables (sorted by tag, each on a 4-byte boundary), with every checksum and head's
 * checkSumAdjustment set.
 * @param {Map<string, Buffer>} tables
 */
export function writeTables(tables) {
  const tags = [...tables.keys()].sort();
  const count = tags.length;
  const power = 2 ** Math.floor(Math.log2(count));
  const header = Buffer.alloc(12 + 16 * count);
  header.writeUInt32BE(0x00010000, 0);
  header.writeUInt16BE(count, 4);
  header.writeUInt16BE(power * 16, 6);
  header.writeUInt16BE(Math.log2(power), 8);
  header.writeUInt16BE(count * 16 - power * 16, 10);
  const head = Buffer.from(tableOf(tables, 'head'));
  head.writeUInt32BE(0, 8);
  const parts = [header];
  let offset = header.length;
  tags.forEach((tag, i) => {
    const data = tag === 'head' ? head : tableOf(tables, tag);
    const at = 12 + 16 * i;
    header.write(tag, at, 'latin1');
    header.writeUInt32BE(checksum(data), at + 4);
    header.writeUInt32BE(offset, at + 8);
    header.writeUInt32BE(data.length, at + 12);
    const padded = Buffer.concat([data, Buffer.alloc((4 - (data.length % 4)) % 4)]);
    parts.push(padded);
    offset += padded.length;
  });
  const file = Buffer.concat(parts);
  const headAt = file.readUInt32BE(12 + 16 * tags.indexOf('head') + 8);
  file.writeUInt32BE((0xb1b0afba - checksum(file)) >>> 0, headAt + 8);
  return file;
}

/**
 * The character map: code point -> glyph id, from the best Unicode subtable (format 12, else format 4).
 * @param {Buffer} cmap
 * @returns {Map<number, number>}
 */
export function readCmap(cmap) {
  const subtables = [];
  for (let i = 0; i < cmap.readUInt16BE(2); i++) {
    const at = 4 + 8 * i;
    const [platform, encoding] = [cmap.readUInt16BE(at), cmap.readUInt16BE(at + 2)];
    const offset = cmap.readUInt32BE(at + 4);
    const unicode = platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10));
    if (unicode) subtables.push({ offset, format: cmap.readUInt16BE(offset) });
  }
  const best = subtables.find((s) => s.format === 12) ?? subtables.find((s) => s.format === 4);
  if (!best) throw new Error('the font has no Unicode character map of format 4 or 12');
  /** @type {Map<number, number>} */
  const map = new Map();
  const t = best.offset;
  if (best.format === 12) {
    for (let i = 0; i < cmap.readUInt32BE(t + 12); i++) {
      const at = t + 16 + 12 * i;
      const [start, end, glyph] = [cmap.readUInt32BE(at), cmap.readUInt32BE(at + 4), cmap.readUInt32BE(at + 8)];
      for (let c = start; c <= end; c++) map.set(c, glyph + c - start);
    }
    return map;
  }
  const segments = cmap.readUInt16BE(t + 6) / 2;
  const ends = t + 14;
  const starts = ends + 2 * segments + 2;
  const deltas = starts + 2 * segments;
  const rangeOffsets = deltas + 2 * segments;
  for (let s = 0; s < segments; s++) {
    const [end, start] = [cmap.readUInt16BE(ends + 2 * s), cmap.readUInt16BE(starts + 2 * s)];
    const [delta, rangeOffset] = [cmap.readInt16BE(deltas + 2 * s), cmap.readUInt16BE(rangeOffsets + 2 * s)];
    for (let c = start; c <= end && c !== 0xffff; c++) {
      let glyph;
      if (rangeOffset === 0) glyph = (c + delta) & 0xffff;
      else {
        const raw = cmap.readUInt16BE(rangeOffsets + 2 * s + rangeOffset + 2 * (c - start));
        glyph = raw === 0 ? 0 : (raw + delta) & 0xffff;
      }
      if (glyph !== 0) map.set(c, glyph);
    }
  }
  return map;
}

/**
 * A cmap table with one format 4 subtable (code points of the Basic Multilingual Plane), for Unicode and Windows.
 * @param {Map<number, number>} map code point -> glyph id
 */
function writeCmap(map) {
  const entries = [...map].sort(([a], [b]) => a - b);
  if (entries.some(([c]) => c > 0xfffe)) throw new Error('a code point beyond U+FFFE needs a format 12 character map');
  // One segment per run of consecutive code points with consecutive glyph ids (idDelta alone maps it), then the
  // closing 0xFFFF segment.
  /** @type {{ start: number, end: number, delta: number }[]} */
  const segments = [];
  for (const [c, glyph] of entries) {
    const last = segments.at(-1);
    if (last && c === last.end + 1 && glyph - c === last.delta) last.end = c;
    else segments.push({ start: c, end: c, delta: glyph - c });
  }
  segments.push({ start: 0xffff, end: 0xffff, delta: 1 });
  const n = segments.length;
  const length = 16 + 8 * n;
  const sub = Buffer.alloc(length);
  const power = 2 ** Math.floor(Math.log2(n));
  sub.writeUInt16BE(4, 0);
  sub.writeUInt16BE(length, 2);
  sub.writeUInt16BE(0, 4);
  sub.writeUInt16BE(2 * n, 6);
  sub.writeUInt16BE(2 * power, 8);
  sub.writeUInt16BE(Math.log2(power), 10);
  sub.writeUInt16BE(2 * n - 2 * power, 12);
  segments.forEach((s, i) => {
    sub.writeUInt16BE(s.end, 14 + 2 * i);
    sub.writeUInt16BE(s.start, 16 + 2 * n + 2 * i);
    sub.writeUInt16BE(s.delta & 0xffff, 16 + 4 * n + 2 * i);
    sub.writeUInt16BE(0, 16 + 6 * n + 2 * i);
  });
  const table = Buffer.alloc(4 + 8 * 2);
  table.writeUInt16BE(0, 0);
  table.writeUInt16BE(2, 2);
  /** @type {[platform: number, encoding: number][]} */
  const encodings = [
    [0, 3],
    [3, 1],
  ];
  for (const [i, [platform, encoding]] of encodings.entries()) {
    table.writeUInt16BE(platform, 4 + 8 * i);
    table.writeUInt16BE(encoding, 6 + 8 * i);
    table.writeUInt32BE(table.length, 8 + 8 * i);
  }
  return Buffer.concat([table, sub]);
}

/**
 * Each glyph's outline bytes (glyf through loca).
 * @param {Map<string, Buffer>} tables
 */
function readGlyphs(tables) {
  const count = tableOf(tables, 'maxp').readUInt16BE(4);
  const long = tableOf(tables, 'head').readInt16BE(50) === 1;
  const loca = tableOf(tables, 'loca');
  /** @param {number} i */
  const at = (i) => (long ? loca.readUInt32BE(4 * i) : 2 * loca.readUInt16BE(2 * i));
  return Array.from({ length: count }, (_, i) => tableOf(tables, 'glyf').subarray(at(i), at(i + 1)));
}

/**
 * Each glyph's advance width and left side bearing (hmtx, with hhea's numberOfHMetrics).
 * @param {Map<string, Buffer>} tables
 * @returns {[advance: number, lsb: number][]}
 */
function readMetrics(tables) {
  const count = tableOf(tables, 'maxp').readUInt16BE(4);
  const full = tableOf(tables, 'hhea').readUInt16BE(34);
  const hmtx = tableOf(tables, 'hmtx');
  return Array.from({ length: count }, (_, i) =>
    i < full
      ? [hmtx.readUInt16BE(4 * i), hmtx.readInt16BE(4 * i + 2)]
      : [hmtx.readUInt16BE(4 * (full - 1)), hmtx.readInt16BE(4 * full + 2 * (i - full))],
  );
}

/**
 * Each glyph's variation data (gvar), with the table's shared tuples (one array of axis values per tuple).
 * @param {Map<string, Buffer>} tables
 */
function readVariations(tables) {
  const gvar = tableOf(tables, 'gvar');
  const axes = gvar.readUInt16BE(4);
  const sharedCount = gvar.readUInt16BE(6);
  const sharedAt = gvar.readUInt32BE(8);
  const count = gvar.readUInt16BE(12);
  const long = (gvar.readUInt16BE(14) & 1) === 1;
  const dataAt = gvar.readUInt32BE(16);
  /** @param {number} i */
  const offset = (i) => (long ? gvar.readUInt32BE(20 + 4 * i) : 2 * gvar.readUInt16BE(20 + 2 * i));
  const shared = Array.from({ length: sharedCount }, (_, t) =>
    Array.from({ length: axes }, (_, a) => gvar.readInt16BE(sharedAt + 2 * (t * axes + a))),
  );
  const data = Array.from({ length: count }, (_, i) => gvar.subarray(dataAt + offset(i), dataAt + offset(i + 1)));
  return { axes, shared, data, majorMinor: gvar.readUInt32BE(0) };
}

/**
 * A glyph's variation data with its shared-tuple indices passed through `remap` (other fields untouched).
 * @param {Buffer} data
 * @param {number} axes
 * @param {(index: number) => number} remap
 */
function remapSharedTuples(data, axes, remap) {
  if (data.length === 0) return data;
  const copy = Buffer.from(data);
  let at = 4;
  for (let i = 0; i < (copy.readUInt16BE(0) & 0x0fff); i++) {
    const index = copy.readUInt16BE(at + 2);
    const embedded = (index & 0x8000) !== 0;
    if (!embedded) copy.writeUInt16BE((index & 0xf000) | remap(index & 0x0fff), at + 2);
    at += 4 + (embedded ? 2 * axes : 0) + ((index & 0x4000) !== 0 ? 4 * axes : 0);
  }
  return copy;
}

/**
 * Where a composite glyph's outline holds its components' glyph ids (none for a simple glyph).
 * @param {Buffer} glyph
 */
function componentOffsets(glyph) {
  /** @type {number[]} */
  const offsets = [];
  if (glyph.length === 0 || glyph.readInt16BE(0) >= 0) return offsets;
  // Each component: flags, glyph id, two arguments (bytes or words), then an optional scale or 2x2 matrix.
  for (let at = 10, more = true; more;) {
    const flags = glyph.readUInt16BE(at);
    offsets.push(at + 2);
    at += 4 + (flags & 0x0001 ? 4 : 2) + (flags & 0x0008 ? 2 : flags & 0x0040 ? 4 : flags & 0x0080 ? 8 : 0);
    more = (flags & 0x0020) !== 0;
  }
  return offsets;
}

/**
 * A composite glyph's outline with its component glyph ids passed through `remap`; a simple glyph as it is.
 * @param {Buffer} glyph
 * @param {(gid: number) => number} remap
 */
function remapComponents(glyph, remap) {
  const offsets = componentOffsets(glyph);
  if (offsets.length === 0) return glyph;
  const copy = Buffer.from(glyph);
  for (const at of offsets) copy.writeUInt16BE(remap(copy.readUInt16BE(at)), at);
  return copy;
}

/**
 * Adds to font `base` the glyphs of the characters `chars` from font `extra`, with their outlines, advance widths and
 * weight variations: two subsets of one variable font (same axes, same limits), such as the separate Latin and Latin
 * Extended files a font package ships. What the added glyphs lose: kerning and other layout rules with the base's
 * glyphs. The HVAR table (advance variations as a separate store) is dropped: without it, a renderer takes each
 * glyph's advance at any weight from its gvar data, which holds it for every glyph.
 * @param {Buffer} base a TrueType file
 * @param {Buffer} extra a TrueType file
 * @param {number[]} chars code points that `extra` maps and `base` does not
 * @returns {Buffer} a TrueType file
 */
export function mergeGlyphs(base, extra, chars) {
  const [a, b] = [readTables(base), readTables(extra)];
  // Subsets of one variable font, instanced alike: the same axes and limits (fvar) and units per em.
  /** @param {Map<string, Buffer>} tables */
  const unitsPerEm = (tables) => tableOf(tables, 'head').readUInt16BE(18);
  if (!tableOf(a, 'fvar').equals(tableOf(b, 'fvar')) || unitsPerEm(a) !== unitsPerEm(b)) {
    throw new Error('the two fonts differ in their axes or units per em: they are not subsets of one variable font');
  }
  const [cmapA, cmapB] = [readCmap(tableOf(a, 'cmap')), readCmap(tableOf(b, 'cmap'))];
  const [glyphsA, glyphsB] = [readGlyphs(a), readGlyphs(b)];
  const [metricsA, metricsB] = [readMetrics(a), readMetrics(b)];
  const [varsA, varsB] = [readVariations(a), readVariations(b)];

  // The glyphs to copy: the characters' own and, for composite glyphs, their components (at any depth).
  /** @type {Set<number>} */
  const wanted = new Set();
  /** @param {number} gid */
  const visit = (gid) => {
    if (wanted.has(gid)) return;
    wanted.add(gid);
    const glyph = itemOf(glyphsB, gid);
    for (const at of componentOffsets(glyph)) visit(glyph.readUInt16BE(at));
  };
  /** @type {Map<number, number>} code point -> glyph id in `extra` */
  const charGlyphs = new Map();
  for (const c of chars) {
    if (cmapA.has(c)) throw new Error(`U+${c.toString(16)} is in the base font already`);
    const gid = cmapB.get(c);
    if (gid === undefined) throw new Error(`U+${c.toString(16)} is not in the extra font`);
    charGlyphs.set(c, gid);
    visit(gid);
  }
  const copied = [...wanted].sort((x, y) => x - y);
  const newId = new Map(copied.map((gid, i) => [gid, glyphsA.length + i]));
  /** @param {number} gid a copied glyph */
  const remap = (gid) => {
    const id = newId.get(gid);
    if (id === undefined) throw new Error(`glyph ${gid} of the extra font is not copied`);
    return id;
  };

  const glyphs = [...glyphsA, ...copied.map((gid) => remapComponents(itemOf(glyphsB, gid), remap))];
  const metrics = [...metricsA, ...copied.map((gid) => itemOf(metricsB, gid))];
  const cmap = new Map(cmapA);
  for (const [c, gid] of charGlyphs) cmap.set(c, remap(gid));

  // gvar: the extra glyphs' shared tuples join the base's list.
  const shared = [...varsA.shared];
  /** @param {number[]} tuple */
  const key = (tuple) => tuple.join(',');
  const sharedIndex = new Map(shared.map((t, i) => [key(t), i]));
  /** @param {number} i */
  const tupleRemap = (i) => {
    const tuple = itemOf(varsB.shared, i);
    const k = key(tuple);
    let index = sharedIndex.get(k);
    if (index === undefined) {
      index = shared.length;
      sharedIndex.set(k, index);
      shared.push(tuple);
    }
    return index;
  };
  const variations = [
    ...varsA.data,
    ...copied.map((gid) => remapSharedTuples(itemOf(varsB.data, gid), varsB.axes, tupleRemap)),
  ];

  const out = new Map(a);
  out.delete('HVAR');
  /** @param {Buffer} g */
  const pad = (g) => Buffer.concat([g, Buffer.alloc((4 - (g.length % 4)) % 4)]);
  const padded = glyphs.map(pad);
  const loca = Buffer.alloc(4 * (glyphs.length + 1));
  let offset = 0;
  padded.forEach((g, i) => {
    loca.writeUInt32BE(offset, 4 * i);
    offset += g.length;
  });
  loca.writeUInt32BE(offset, 4 * glyphs.length);
  out.set('glyf', Buffer.concat(padded));
  out.set('loca', loca);

  const hmtx = Buffer.alloc(4 * metrics.length);
  metrics.forEach(([advance, lsb], i) => {
    hmtx.writeUInt16BE(advance, 4 * i);
    hmtx.writeInt16BE(lsb, 4 * i + 2);
  });
  out.set('hmtx', hmtx);

  const gvarHeader = Buffer.alloc(20 + 4 * (glyphs.length + 1));
  const sharedBytes = Buffer.alloc(2 * varsA.axes * shared.length);
  shared.flat().forEach((v, i) => sharedBytes.writeInt16BE(v, 2 * i));
  gvarHeader.writeUInt32BE(varsA.majorMinor, 0);
  gvarHeader.writeUInt16BE(varsA.axes, 4);
  gvarHeader.writeUInt16BE(shared.length, 6);
  gvarHeader.writeUInt32BE(gvarHeader.length, 8);
  gvarHeader.writeUInt16BE(glyphs.length, 12);
  gvarHeader.writeUInt16BE(1, 14);
  gvarHeader.writeUInt32BE(gvarHeader.length + sharedBytes.length, 16);
  let dataOffset = 0;
  variations.forEach((v, i) => {
    gvarHeader.writeUInt32BE(dataOffset, 20 + 4 * i);
    dataOffset += v.length;
  });
  gvarHeader.writeUInt32BE(dataOffset, 20 + 4 * glyphs.length);
  out.set('gvar', Buffer.concat([gvarHeader, sharedBytes, ...variations]));

  out.set('cmap', writeCmap(cmap));

  // maxp 1.0: the larger of each limit (numGlyphs aside).
  const maxp = Buffer.from(tableOf(a, 'maxp'));
  maxp.writeUInt16BE(glyphs.length, 4);
  if (maxp.readUInt32BE(0) === 0x00010000) {
    for (let at = 6; at < 32; at += 2)
      maxp.writeUInt16BE(Math.max(maxp.readUInt16BE(at), tableOf(b, 'maxp').readUInt16BE(at)), at);
  }
  out.set('maxp', maxp);

  /** @typedef {[at: number, pick: (...values: number[]) => number][]} Limits */
  const head = Buffer.from(tableOf(a, 'head'));
  const [hb] = [tableOf(b, 'head')];
  /** @type {Limits} */
  const headLimits = [
    [36, Math.min],
    [38, Math.min],
    [40, Math.max],
    [42, Math.max],
  ];
  for (const [at, pick] of headLimits) {
    head.writeInt16BE(pick(head.readInt16BE(at), hb.readInt16BE(at)), at);
  }
  head.writeInt16BE(1, 50);
  out.set('head', head);

  const hhea = Buffer.from(tableOf(a, 'hhea'));
  const hhb = tableOf(b, 'hhea');
  hhea.writeUInt16BE(Math.max(hhea.readUInt16BE(10), hhb.readUInt16BE(10)), 10);
  /** @type {Limits} */
  const hheaLimits = [
    [12, Math.min],
    [14, Math.min],
    [16, Math.max],
  ];
  for (const [at, pick] of hheaLimits) {
    hhea.writeInt16BE(pick(hhea.readInt16BE(at), hhb.readInt16BE(at)), at);
  }
  hhea.writeUInt16BE(metrics.length, 34);
  out.set('hhea', hhea);

  // OS/2: the first and last character, and the Currency Symbols block's bit when a character of U+20A0-20CF joins.
  const os2 = Buffer.from(tableOf(a, 'OS/2'));
  const points = [...cmap.keys()];
  os2.writeUInt16BE(Math.min(...points), 64);
  os2.writeUInt16BE(Math.min(0xffff, Math.max(...points)), 66);
  if (chars.some((c) => c >= 0x20a0 && c <= 0x20cf)) os2.writeUInt32BE((os2.readUInt32BE(46) | 0x2) >>> 0, 46);
  out.set('OS/2', os2);

  // post: glyph names (format 2) would need one for each new glyph; format 3 has none, as a web font needs none.
  const post = tableOf(a, 'post');
  if (post.readUInt32BE(0) !== 0x00030000) {
    const p3 = Buffer.from(post.subarray(0, 32));
    p3.writeUInt32BE(0x00030000, 0);
    out.set('post', p3);
  }
  return writeTables(out);
}
