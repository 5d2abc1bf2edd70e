// The browsers the checks drive, both Debian's builds of Chromium: nothing is downloaded.
import { existsSync } from 'node:fs';

/** Chromium itself (`apt-get install chromium`): Lighthouse, the layout check and the benchmarks measure pages in it. */
export const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/**
 * Its headless shell (`apt-get install chromium-headless-shell`): the same engine without the browser's window
 * machinery, for the browser tests, which check behaviour, not speed. It takes about half of Chromium's time per page
 * on a two-core machine. Where it is not installed, the tests run in Chromium.
 */
export const headlessShellPath = process.env.HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';

/** The browser the Playwright tests run in. */
export const testBrowserPath = existsSync(headlessShellPath) ? headlessShellPath : chromePath;
