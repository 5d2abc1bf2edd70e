/**
 * The content admin in two languages, driven as an editor drives it (the admin helpers' offline checkout): English and
 * Hindi side by side, an entry without a Hindi file shown as lacking it, and a Hindi save the build would refuse not
 * saved, the admin saying which language, field and rule. The Hindi file is a fixture written into the admin's copy of
 * the content only, and goes with it.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures';
import { field, openAdmin, projectFiles, readCheckout } from './cms-helpers';
import { contentPath } from '../../src/lib/content-paths';

const NOT_FOUND = contentPath('pages', 'not-found');
const NOT_FOUND_HI = contentPath('pages', 'not-found', 'hi');
/** A whole Hindi translation of the 404 page: the admin asks a translation for every field its English requires. */
const HINDI = `${JSON.stringify(
  {
    kind: 'not-found',
    eyebrow: 'एरर 404',
    heading: 'पेज नहीं मिला',
    text: 'आप जो पेज ढूंढ रहे थे, वह मौजूद नहीं है या कहीं और चला गया है। ये पेज आपको वापस सही रास्ते पर ले आएंगे।',
    popularLabel: 'लोकप्रिय पेज',
    popular: [
      { to: '/', label: 'होम' },
      { to: '/pricing', label: 'कीमतें' },
      { to: '/blogs', label: 'ब्लॉग' },
      { to: '/about-us', label: 'हमारे बारे में' },
    ],
    exploreHeading: 'प्लेटफॉर्म को जानें',
    pageName: 'पेज नहीं मिला',
    description: 'आप जो पेज ढूंढ रहे थे, वह मौजूद नहीं है या कहीं और चला गया है। यहां से कम्युनिटी प्लेटफॉर्म पर वापस जाएं।',
  },
  null,
  2,
)}\n`;

test.describe('the content admin in Hindi', () => {
  test('a Hindi save that writes a glossary term another way is not saved, and the admin says why', async ({
    page,
  }) => {
    // The checkout holds its files as bytes (latin1 strings of UTF-8), as the project's are read.
    await openAdmin(page, { ...projectFiles(), [NOT_FOUND_HI]: Buffer.from(HINDI, 'utf8').toString('latin1') });
    await page.goto('/cms/#/collections/pages/entries/not-found');
    await page.getByRole('radio', { name: 'Hindi', exact: true }).first().click();
    const hindi = page.getByRole('group', { name: /^Edit \u2068?Hindi\u2069? Content$/ });
    const heading = field(hindi, 'Heading').getByRole('textbox', { name: 'Heading', exact: true });
    await expect(heading).toHaveValue('पेज नहीं मिला');
    await heading.fill('व्हाट्सएप पर पेज नहीं मिला');
    await page.getByRole('button', { name: 'Save' }).click();
    const dialog = page.locator('dialog[open]');
    await expect(dialog).toContainText('This entry was not saved.');
    // The build's own rule, named with the language and the field's labels.
    await expect(dialog).toContainText(
      'In हिन्दी: Heading: "व्हाट्सएप" writes the glossary\'s term "WhatsApp" another way: write "WhatsApp"',
    );
    await dialog.getByRole('button', { name: 'OK' }).click();
    expect(await readCheckout(page, NOT_FOUND_HI)).toBe(HINDI);
    expect(await readCheckout(page, NOT_FOUND)).toBe(readFileSync(NOT_FOUND, 'utf8'));
  });

  test('an entry without a Hindi file shows its Hindi as missing, with English beside it', async ({ page }) => {
    // The project's checkout without the thank-you page's Hindi file, as an entry not translated yet is.
    const files = projectFiles();
    delete files[contentPath('pages', 'thank-you', 'hi')];
    await openAdmin(page, files);
    await page.goto('/cms/#/collections/pages/entries/thank-you');
    const languages = page.getByRole('radiogroup', { name: 'Switch Locale' }).first();
    await expect(languages.getByRole('radio', { name: 'English', exact: true })).toBeChecked();
    await expect(languages.getByRole('radio', { name: 'Hindi (disabled)' })).toBeVisible();
  });
});
