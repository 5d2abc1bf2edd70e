// Where the build puts the experiments' variant pages and manifest, and the cookie that gets a visitor a variant, for the
// site (./wire.ts) and the Node commands and checks that read a build (scripts/experiment-routes.mjs,
// src/integrations/dist-pages.mjs). JavaScript with JSDoc types, so that Node runs it as it is.

/**
 * The folder of the variant pages in the built site: `/experiment-variants/<id>/<variant>`. No page links it and the
 * Worker answers 404 to a request for it; it reads the files through its assets binding.
 */
export const VARIANTS_FOLDER = '/experiment-variants';

/** The manifest of running experiments, in the variant pages' folder. */
export const MANIFEST_PATH = `${VARIANTS_FOLDER}/manifest.json`;

/** The cookie that holds a visitor's assignments: `<id>:<variant>` pairs joined by `|`, nothing else. */
export const ASSIGNMENT_COOKIE = 'exp';
