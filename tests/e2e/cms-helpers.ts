/**
 * Drives the content admin (/cms/) in local repository mode, offline. The admin asks the browser for the checkout's
 * folder (showDirectoryPicker, the File System Access API); here the picker hands it a folder of the origin-private
 * file system holding a copy of the project's content, so the real local mode reads and writes real files without a
 * dialog, and the test reads back exactly what a save wrote.
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import { filesUnder } from '../../src/integrations/dist-pages.mjs';
import { escapeRegex } from '../../src/lib/cms/fields';

/** What the copy holds: the content, and the pictures image fields pick from. */
const COPIED = ['src/content', 'src/assets/testimonials', 'public/media/blog'];
/** The folder of the origin-private file system that stands for the checkout. */
const REPO = 'checkout';

/** The project's files the copy starts from, by path. */
export function projectFiles(): Record<string, string> {
  const files: Record<string, string> = {};
  for (const folder of COPIED) {
    for (const file of filesUnder(folder)) files[relative('.', file)] = readFileSync(file, 'latin1');
  }
  return files;
}

/** Opens the admin on a fresh copy of the content, signed in to local mode, on the collections list. */
export async function openAdmin(page: Page, files = projectFiles()) {
  // The origin-private file system is per origin: fill it from a page of the site, then open the admin.
  await page.goto('/robots.txt');
  await page.evaluate(
    async ({ files, repo }) => {
      const root = await navigator.storage.getDirectory();
      await root.removeEntry(repo, { recursive: true }).catch(() => undefined);
      const checkout = await root.getDirectoryHandle(repo, { create: true });
      // The admin checks that the folder is a git checkout.
      await checkout.getDirectoryHandle('.git', { create: true });
      for (const [path, text] of Object.entries(files)) {
        const parts = path.split('/');
        let dir = checkout;
        for (const part of parts.slice(0, -1)) dir = await dir.getDirectoryHandle(part, { create: true });
        const writable = await (await dir.getFileHandle(parts.at(-1)!, { create: true })).createWritable();
        await writable.write(Uint8Array.from(text, (c) => c.charCodeAt(0)));
        await writable.close();
      }
    },
    { files, repo: REPO },
  );
  await page.addInitScript((repo) => {
    Object.assign(window, {
      showDirectoryPicker: async () => (await navigator.storage.getDirectory()).getDirectoryHandle(repo),
    });
  }, REPO);
  await page.goto('/cms/');
  await page.getByRole('button', { name: 'Work with Local Repository' }).click();
  await expect(page.getByRole('toolbar', { name: 'Global' })).toBeVisible();
}

/** A file of the checkout as the admin left it (UTF-8 text), or null when there is none. */
export function readCheckout(page: Page, path: string): Promise<string | null> {
  return page.evaluate(
    async ({ path, repo }) => {
      try {
        let dir = await (await navigator.storage.getDirectory()).getDirectoryHandle(repo);
        const parts = path.split('/');
        for (const part of parts.slice(0, -1)) dir = await dir.getDirectoryHandle(part);
        return await (await (await dir.getFileHandle(parts.at(-1)!)).getFile()).text();
      } catch {
        return null;
      }
    },
    { path, repo: REPO },
  );
}

/** The names of the checkout's files in a folder. */
export function listCheckout(page: Page, folder: string): Promise<string[]> {
  return page.evaluate(
    async ({ folder, repo }) => {
      let dir = await (await navigator.storage.getDirectory()).getDirectoryHandle(repo);
      for (const part of folder.split('/')) dir = await dir.getDirectoryHandle(part);
      const names: string[] = [];
      for await (const name of (dir as unknown as { keys(): AsyncIterable<string> }).keys()) names.push(name);
      return names.sort();
    },
    { folder, repo: REPO },
  );
}

/** The admin's group of a field by its label (the admin names each "“Label” Field"). */
export function field(scope: Page | Locator, label: string): Locator {
  return scope.getByRole('group', { name: new RegExp(`^“\\u2068?${escapeRegex(label)}\\u2069?” Field$`) });
}

/**
 * The text box of a field inside nested object fields, by their labels (["Top of page", "Line above heading"]). The
 * admin draws a group's fields once it is on screen, so each group is scrolled to first.
 */
export async function textbox(page: Page, labels: string[]): Promise<Locator> {
  let scope: Page | Locator = page;
  for (const label of labels) {
    const target = field(scope, label).first();
    // A list draws its items' fields once the item is on screen: bring the groups inside the scope into view, outer
    // to inner, until the field is there.
    for (let depth = 0; scope !== page && depth < 3; depth++) {
      if (await target.isVisible()) break;
      // A list's items open folded to their summaries: unfold them.
      const expand = (scope as Locator).getByRole('button', { name: 'Expand All' }).first();
      if ((await expand.count()) && (await expand.isEnabled())) await expand.click();
      if (await target.isVisible()) break;
      await (scope as Locator).getByRole('group').nth(depth).scrollIntoViewIfNeeded();
      await expect(target)
        .toBeVisible({ timeout: 1_000 })
        .catch(() => undefined);
    }
    scope = target;
    await scope.scrollIntoViewIfNeeded();
  }
  const box = (scope as Locator).getByRole('textbox', { name: labels.at(-1), exact: true });
  await box.scrollIntoViewIfNeeded();
  return box;
}

/** The lines of `after` that differ from `before`, as [line number, before, after]. */
export function changedLines(before: string, after: string): [number, string | undefined, string | undefined][] {
  const a = before.split('\n');
  const b = after.split('\n');
  const out: [number, string | undefined, string | undefined][] = [];
  for (let i = 0; i < Math.max(a.length, b.length); i++) if (a[i] !== b[i]) out.push([i + 1, a[i], b[i]]);
  return out;
}
