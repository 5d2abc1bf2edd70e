// The kinds of page (docs/testing.md, "Kinds of page"): the pages of a kind share a layout, its sections and its
// scripts. Every page says its kind on its root element (BaseLayout writes `data-page-kind`), so the checks that must
// render a page in a browser (axe, the page without JavaScript, the policy and console once every island has run, the
// layout rules, Lighthouse) look at one page of each kind, and at the few pages listed below, while the checks that read
// the HTML read every page. A new page joins its kind by the layout it uses: no list to edit. A page in another
// language (its root element's `lang`) is of the same kind as its English page, and the checks render one page of
// each kind in each language. JavaScript with JSDoc types, so that Node's scripts read it as it is.

/** Every kind, in the order the checks report them. */
export const PAGE_KINDS = /** @type {const} */ ([
  'home',
  'feature',
  'landing',
  'pricing',
  'whatsapp',
  'legal',
  'blog-list',
  'blog-post',
  'small',
]);

/** @typedef {(typeof PAGE_KINDS)[number]} PageKind */

/** The attribute of the root element that names a page's kind. */
export const PAGE_KIND_ATTR = 'data-page-kind';

/**
 * The pages checked in a browser beside their kind's first page, each because its content differs from the rest of
 * its kind enough to matter, and why. A kind whose pages are each unlike the others (the small pages) is checked whole.
 * @type {Record<string, string>}
 */
export const CHECKED_APART = {
  '/ai-web-builder': "a feature page with sections of its own: the builder's demo and the themes' carousel script",
  '/business-whatsapp-pricing': "a pricing page with the WhatsApp plans: three periods and the lead form's island",
};

/** Kinds whose every page is checked in a browser: few, and each unlike the others. */
export const CHECKED_WHOLE = /** @type {PageKind[]} */ (['small']);
