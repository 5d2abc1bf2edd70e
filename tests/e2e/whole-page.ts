import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Shows the page as a visitor who scrolled to its end sees it: brings each section still to reveal and each island that
 * waits to be seen into view, one after another, until none is left (checked on every frame, not after a fixed pause).
 * Islands inside a closed dialog (the contact modal's form) wake when it opens, and those hidden at the viewport's
 * width (display: none) never do: neither is waited for.
 */
export async function revealWholePage(page: Page, timeout = 20_000): Promise<void> {
  await page.waitForFunction(
    () => {
      // An island's element draws no box of its own (display: contents): what it holds is what is seen.
      const boxOf = (element: Element) =>
        element.localName === 'astro-island'
          ? [...element.children].find((child) => child.checkVisibility())
          : element.checkVisibility()
            ? element
            : undefined;
      const pending = [
        ...document.querySelectorAll('[data-reveal]:not([data-revealed]), astro-island[ssr][client="visible"]'),
      ]
        .filter((element) => !element.closest('dialog:not([open])'))
        .map(boxOf)
        .find((box) => box);
      // Instantly: the site scrolls smoothly, which would make each step wait for an animation.
      pending?.scrollIntoView({ block: 'center', behavior: 'instant' });
      return !pending;
    },
    undefined,
    { polling: 'raf', timeout },
  );
}

/**
 * Loads every image of the page now, lazy ones included (also those a script adds later), and waits until each has
 * loaded or failed.
 */
export async function loadEveryImage(page: Page, timeout = 15_000): Promise<void> {
  // Polled on an interval, not on animation frames: a test may have taken over the page's clock.
  await page.waitForFunction(
    () => {
      for (const image of document.images) if (image.loading === 'lazy') image.loading = 'eager';
      return [...document.images].every((image) => image.complete);
    },
    undefined,
    { polling: 50, timeout },
  );
}

/**
 * Waits until the page has rendered two more frames: by then what a scroll or a resize sets off (scroll handlers,
 * intersection observers, media queries) has run. For checks that something did not happen, instead of a fixed pause.
 */
export async function afterRendering(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );
}

/**
 * Points at and focuses each element matching `selector` (the first `limit`), as a visitor moving the pointer and the
 * keyboard over them would: the events an injected handler could wait for, sent at once instead of through
 * Playwright's hover, which waits for each element to be hoverable.
 */
export async function pointAt(page: Page, selector: string, limit = Infinity): Promise<void> {
  await page.evaluate(
    ({ selector, limit }) => {
      for (const element of [...document.querySelectorAll(selector)].slice(0, limit)) {
        for (const type of ['pointerover', 'pointerenter', 'mouseover', 'mouseenter', 'mousemove']) {
          element.dispatchEvent(new (type.startsWith('pointer') ? PointerEvent : MouseEvent)(type, { bubbles: true }));
        }
        (element as HTMLElement).focus();
      }
    },
    { selector, limit },
  );
}

/**
 * Waits until the section that holds `target` (its `[data-reveal]` ancestor, src/browser/reveal.ts) has faded and slid
 * in and stopped. A section scrolled into view stands still for the reveal's delay and only then slides up by its
 * offset, and Playwright's click takes two still frames for a still target: a press made in that pause can land on the
 * target and be released after the section has moved, so the click goes to what holds them both. Act on a section
 * once it is still, as a visitor does, and read it once it is opaque.
 */
export async function settled(target: Locator): Promise<void> {
  await expect
    .poll(() =>
      target.evaluate((element) => {
        const section = element.closest('[data-reveal]');
        return !section || (section.hasAttribute('data-revealed') && section.getAnimations().length === 0);
      }),
    )
    .toBe(true);
}
