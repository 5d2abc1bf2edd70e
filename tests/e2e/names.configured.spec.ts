/**
 * Real names win, in a build: the test build's grievance officer is a real person named as a drawn member list names
 * one of its members (NEW_OWNER), so the member list draws that member with a name of the reserve, and the officer
 * keeps theirs in every footer.
 */
import { expect, test } from './fixtures';
import { RESERVE } from '../../src/lib/names';
import { NEW_OWNER } from '../settings.mjs';

test('/member-management draws its member Priya with another name, as the real grievance officer is Priya Nair', async ({
  page,
}) => {
  expect(NEW_OWNER.PUBLIC_GRIEVANCE_OFFICER_NAME).toBe('Priya Nair');
  await page.goto('/member-management');
  const pictures = page.locator('main svg[data-picture^="features/member-management/"]');
  expect(await pictures.count()).toBeGreaterThan(1);
  // Each text the pictures draw, one by one.
  const drawn = (
    await pictures.evaluateAll((svgs) =>
      svgs.flatMap((svg) => [...svg.querySelectorAll('text')].map((text) => text.textContent ?? '')),
    )
  ).join(' | ');
  expect(drawn).not.toMatch(/priya/i);
  // The member keeps her surname and her notes' address; only her first name is the reserve's.
  const renamed = /\b([A-Z][a-z]+) Nair\b/.exec(drawn)?.[1];
  expect(RESERVE.people).toContain(renamed);
  expect(drawn).toContain(`members/${renamed!.toLowerCase()}-nair`);
  await expect(page.locator('footer [data-company]')).toContainText('Grievance officer: Priya Nair');
});
