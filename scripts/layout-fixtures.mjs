// Small pages on which each rule of scripts/layout-rules.mjs must find its fault, or must find nothing: the layout
// check runs them first, in the same browser, and stops if one reads otherwise. `finds` lists, in order, a pattern for
// each finding ("rule: what"); an empty list means the page is clean.

/** A drawn screen as an <img> of a data: URL: 640 × 480, its smallest text 11 units (Ticket) beside a 13-unit one. */
const SCREEN = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480" viewBox="0 0 640 480"><rect width="640" height="480" fill="#fff"/><text x="40" y="60" font-size="13">Ticket types</text><text x="40" y="100" font-size="11">Ticket</text><defs><text id="t" font-size="2">Never drawn</text></defs></svg>',
)}`;
/** The same kind of screen whose 20-unit text a group draws at half its size. */
const SCALED = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="200" viewBox="0 0 300 200"><g transform="scale(0.5)"><text x="20" y="60" font-size="20">Half size</text></g></svg>',
)}`;

/**
 * A drawn picture written into the page: 640 × 480 units, drawn 600 px wide, the part it is about (the slots: a box of
 * 200 × 100 units from x, with words inside it) named by its data-subject; `subject` draws another.
 * @param {number} x
 * @param {string} [subject]
 */
const INLINE = (
  x,
  subject = `<g data-subject="the slots"><rect x="${x}" y="40" width="200" height="100" fill="#eef2ff"/><text x="${x + 10}" y="90" font-size="20">Wed 10 am</text></g>`,
) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 480" role="img" aria-label="Bookings" data-picture="bookings" style="position:absolute;left:0;top:0;width:600px"><rect width="640" height="480" fill="#fff"/><text x="40" y="60" font-size="20">Bookings</text>${subject}</svg>`;

/**
 * @param {string} body
 * @param {string} [css]
 */
const page = (body, css = '') =>
  `<!doctype html><html lang="en"><head><style>body{margin:0;font:16px/1.5 sans-serif}section{width:300px}${css}</style></head><body>${body}</body></html>`;

export const FIXTURES = [
  {
    name: 'a total broken inside a word',
    html: page('<section><p style="width:150px;font-size:28px;overflow-wrap:anywhere">₹27,20,000/Year</p></section>'),
    finds: ['^split-word: "₹27,20,000" / "/Year" in p'],
  },
  {
    name: 'a total set solid (line height 1) broken inside "Year"',
    html: page(
      '<section><p style="width:180px;font-size:28px;line-height:1;overflow-wrap:anywhere">₹27,20,000/Year</p></section>',
    ),
    finds: ['^split-word: "₹27,20,000/Ye?a?" / "e?a?r" in p'],
  },
  {
    name: 'a figure broken at its comma',
    html: page('<section><p style="width:90px;font-size:28px;word-break:break-all">₹27,20,000</p></section>'),
    finds: ['^split-word: "₹27,20?,?0*" / "'],
  },
  {
    name: 'words wrapped at spaces and a soft hyphen',
    html: page('<section><p style="width:120px">Pricing made extra&shy;ordinarily clear and plain</p></section>'),
    finds: [],
  },
  {
    name: 'a compound broken after its hyphen: "One-on-" then "one"',
    html: page(
      '<section><p style="width:150px;font:20px/1.5 monospace">Book One-on-one sessions, first-come</p></section>',
    ),
    finds: ['^split-compound: "One-on-" / "one" in p'],
  },
  {
    name: 'the same compounds kept on one line, as the build writes them',
    html: page(
      '<section><p style="width:150px;font:20px/1.5 monospace">Book <span style="white-space:nowrap">One-on-one</span> sessions, <span style="white-space:nowrap">first-come</span></p></section>',
    ),
    finds: [],
  },
  {
    name: 'a circle out of its section',
    html: page(
      '<section><div style="position:relative;height:100px"><div style="position:absolute;top:-20px;right:-40px;width:80px;height:80px;border-radius:50%"></div></div></section>',
    ),
    finds: ['^spill: div by 40 px right, 20 px top$'],
  },
  {
    name: 'the same circle clipped by its card',
    html: page(
      '<section><div style="position:relative;overflow:hidden;height:100px"><div style="position:absolute;top:-20px;right:-40px;width:80px;height:80px"></div></div></section>',
    ),
    finds: [],
  },
  {
    name: "a badge on a card's top edge, above an inner section but inside its band",
    html: page(
      '<section style="padding:20px 0"><section><div style="position:relative;height:100px"><p style="position:absolute;top:-12px;left:20px;margin:0">Most popular</p></div></section></section>',
    ),
    finds: [],
  },
  {
    name: 'a toggle wider than the section that clips it',
    html: page('<section style="overflow:hidden"><div style="width:320px;height:40px"></div></section>'),
    finds: ['^spill: div by 20 px right \\(cut off\\)$'],
  },
  {
    name: 'a positioned box escaping a static clipping ancestor',
    html: page(
      '<section><div style="position:relative;height:100px"><div style="overflow:hidden;height:50px"><span style="position:absolute;right:-30px;top:0;width:60px;height:10px;display:block"></span></div></div></section>',
    ),
    finds: ['^spill: span by 30 px right$'],
  },
  {
    name: 'a carousel whose track clips the slides off screen',
    html: page(
      '<section><div style="overflow:hidden"><div style="display:flex;transform:translateX(-300px)"><p style="flex:0 0 300px;margin:0">One</p><p style="flex:0 0 300px;margin:0">Two</p><p style="flex:0 0 300px;margin:0">Three</p></div></div></section>',
    ),
    finds: [],
  },
  {
    name: 'text running out of its box and section',
    html: page(
      '<section><p style="white-space:nowrap">An unbroken line of text far wider than its section</p></section>',
    ),
    finds: ['^spill: text "An unbroken line of text far wider than…" by \\d+ px right$'],
  },
  {
    name: 'a page wider than the viewport',
    width: 320,
    html: page('<div style="width:500px;height:10px"></div>'),
    finds: ['^sideways: 500 px wide in a 320 px viewport$'],
  },
  {
    name: 'small text, small print, visually hidden text and fixed text',
    html: page(
      '<section><p style="font-size:10px">Tiny caption</p><p data-small-print style="font-size:10px">Fine print</p><span class="sr-only">Hidden label</span><p style="display:none;font-size:8px">Gone</p></section><div style="position:fixed;left:-50px;top:0">Fixed</div>',
      '.sr-only{position:absolute;width:1px;height:1px;margin:-1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap;font-size:8px}',
    ),
    finds: ['^small-text: 10\\.0 px: p "Tiny caption"$'],
  },
  {
    name: "Hindi text under Hindi's own floor, and English text of the same size",
    html: page(
      '<section><p lang="hi" style="font-size:11.5px">प्रति माह</p><div lang="hi-IN"><span style="font-size:11.5px">भुगतान</span></div><p style="font-size:11.5px">Per month</p></section>',
    ),
    finds: ['^small-text: 11\\.5 px: p "प्रति माह"$', '^small-text: 11\\.5 px: span "भुगतान"$'],
  },
  {
    name: 'text shrunk by a transform and by an inline SVG drawn smaller than its coordinates',
    html: page(
      '<section><div style="transform:scale(0.5);transform-origin:0 0"><p>Scaled preview</p></div><svg viewBox="0 0 200 100" width="100" height="50"><text x="0" y="20" font-size="16">Small label</text></svg><svg viewBox="0 0 100 100" width="200" height="200"><text x="0" y="20" font-size="8">Large label</text></svg></section>',
    ),
    finds: ['^small-text: 8\\.0 px: p "Scaled preview"$', '^small-text: 8\\.0 px: text "Small label"$'],
  },
  {
    name: 'a drawn screen shrunk to a phone, and text a group in a picture draws at half its size',
    html: page(
      `<section><img src="${SCREEN}" alt="Ticket screen" width="300" height="225"><img src="${SCALED}" alt="Scaled" width="300" height="200"></section>`,
    ),
    finds: [
      '^small-text: 5\\.2 px: picture "Ticket screen", text "Ticket" drawn 300 px wide$',
      '^small-text: 10\\.0 px: picture "Scaled", text "Half size" drawn 300 px wide$',
    ],
  },
  {
    name: "the drawn screen at its readable width, cut by a frame of the section's width",
    html: page(
      `<section><div style="position:relative;overflow:hidden;width:300px;aspect-ratio:4/3"><img src="${SCREEN}" alt="Ticket screen" style="position:absolute;width:640px;max-width:none"></div></section>`,
    ),
    finds: [],
  },
  {
    name: 'a drawn screen shrunk on a desktop: a picture is held to the size at every width, not on phones only',
    width: 1440,
    html: page(`<section><img src="${SCREEN}" alt="Ticket screen" width="300" height="225"></section>`),
    finds: ['^small-text: 5\\.2 px: picture "Ticket screen", text "Ticket" drawn 300 px wide$'],
  },
  {
    name: 'the drawn screen on a desktop at its own size, where its smallest text is 11 px',
    width: 1440,
    html: page(
      `<section><img src="${SCREEN}" alt="Ticket screen" width="640" height="480"></section>`,
      'section{width:700px}',
    ),
    finds: [],
  },
  {
    name: "a drawn picture cut by its frame: the part it is about is off the frame's right edge",
    html: page(
      `<section><div style="position:relative;overflow:hidden;width:300px;height:225px">${INLINE(400)}</div></section>`,
    ),
    finds: ['^cut-subject: picture bookings "Bookings": "the slots" cut by 263 px right$'],
  },
  {
    name: "the same frame, the subject inside it but under the frame's faded edge",
    html: page(
      `<section><div style="position:relative;overflow:hidden;width:300px;height:225px;--fade:12px;mask-image:linear-gradient(to right,#000 90%,transparent)">${INLINE(115)}</div></section>`,
    ),
    finds: ['^cut-subject: picture bookings "Bookings": "the slots" cut by 7 px right$'],
  },
  {
    name: 'an illustration (all of it its subject) drawn wider than its frame, in a section that hides what overflows',
    html: page(
      `<section style="overflow:hidden"><div style="position:relative;overflow:hidden;width:300px;height:225px">${INLINE(0, '<g data-subject="the studio"><rect x="20" y="20" width="600" height="440" fill="#eef2ff"/><text x="40" y="240" font-size="20">Nilgiri Yoga</text></g>')}</div></section>`,
    ),
    finds: ['^cut-subject: picture bookings "Bookings": "the studio" cut by 281 px right, 206 px bottom$'],
  },
  {
    name: 'a subject that marks an empty box, not words the picture draws: it could be put anywhere',
    html: page(
      `<section><div style="position:relative;overflow:hidden;width:300px;height:225px">${INLINE(0, '<rect data-subject="the slots" x="40" y="40" width="200" height="100" fill="none"/>')}</div></section>`,
    ),
    finds: ['^cut-subject: picture bookings "Bookings": "the slots" draws no words$'],
  },
  {
    name: "a subject the picture does not draw at this width (its phone's drawing hides it)",
    html: page(
      `<section><div style="position:relative;overflow:hidden;width:300px;height:225px">${INLINE(40).replace('<g data-subject="the slots">', '<g data-subject="the slots" style="display:none">')}</div></section>`,
    ),
    finds: ['^cut-subject: picture bookings "Bookings": "the slots" is not drawn$'],
  },
  {
    name: 'the drawn picture cut around the part it is about, clear of the faded edges',
    html: page(
      `<section><div style="position:relative;overflow:hidden;width:300px;height:225px;--fade:12px;mask-image:linear-gradient(to right,#000 90%,transparent)">${INLINE(40)}</div></section>`,
    ),
    finds: [],
  },
  {
    name: 'a grid of cards whose last row holds one card at the side',
    html: page(
      `<section><ul style="display:grid;grid-template-columns:1fr 1fr;gap:8px;padding:0;margin:0">${'<li style="border:1px solid;list-style:none;height:100px">Card</li>'.repeat(3)}</ul></section>`,
    ),
    finds: ['^lone-card: ul "CardCardCard": 3 cards, 2 a row, the last alone 77 px left of centre$'],
  },
  {
    name: 'the same grid with its lone card centred, a grid of plain items and a wrapping row of chips',
    html: page(
      `<section><ul style="display:grid;grid-template-columns:1fr 1fr;gap:8px;padding:0;margin:0">${'<li style="border:1px solid;list-style:none;height:100px">Card</li>'.repeat(2)}<li style="border:1px solid;list-style:none;height:100px;grid-column:1/-1;justify-self:center;width:146px">Card</li></ul><ul style="display:flex;flex-wrap:wrap;width:200px;gap:8px;padding:0">${'<li style="border:1px solid;list-style:none;padding:4px 12px">Chip</li>'.repeat(4)}</ul><ul style="display:grid;grid-template-columns:1fr 1fr;padding:0">${'<li style="list-style:none">Point</li>'.repeat(3)}</ul></section>`,
    ),
    finds: [],
  },
];

/** SVG pictures (as an <img> shows them) and what measurePicture must find in each. */
/** @param {string} body */
const svg = (body) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="520" height="400" viewBox="0 0 520 400">${body}</svg>`;

export const PICTURE_FIXTURES = [
  {
    name: 'a decorative circle poking out of the corner of the card it is drawn on',
    svg: svg(
      '<rect x="10" y="10" width="500" height="380" rx="32"/><circle cx="440" cy="70" r="90"/><rect x="50" y="50" width="100" height="40"/>',
    ),
    finds: ['^<circle cx="440" cy="70" r="90"> out of its card by 10 right, 10 top$'],
  },
  {
    name: "a full-bleed backdrop whose circles the picture's edge cuts",
    svg: svg('<rect width="520" height="400"/><circle cx="500" cy="20" r="90"/><circle cx="0" cy="400" r="120"/>'),
    finds: [],
  },
  {
    name: 'no card: a shape past the viewBox, and one clipped to it',
    svg: svg(
      '<defs><clipPath id="c"><rect width="520" height="400"/></clipPath></defs><circle cx="60" cy="200" r="40"/><path d="M400 300h200v50h-200z"/><circle clip-path="url(#c)" cx="0" cy="0" r="80"/>',
    ),
    finds: ['^<path d="M400 300h200v50h-200z"> out of its viewBox by 80 right$'],
  },
];
