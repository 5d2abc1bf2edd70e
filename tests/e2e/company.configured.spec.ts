/**
 * Another owner's company (dist-test, built with the new owner's settings, NEW_OWNER): its values wherever the company
 * is shown, and no example note; the rebrand check holds that none of the example company's values is left in any file.
 */
import { expect, test, uiOf } from './fixtures';
import { NEW_OWNER } from '../settings.mjs';

const ui = uiOf('/');

for (const path of ['/about-us', '/privacy-policy']) {
  test(`${path}: the owner's company, its officers and gateway, with no example note`, async ({ page }) => {
    await page.goto(path);
    const details = page.locator('main [data-company]');
    for (const value of [
      NEW_OWNER.PUBLIC_COMPANY_NAME,
      NEW_OWNER.PUBLIC_COMPANY_ADDRESS,
      NEW_OWNER.PUBLIC_COMPANY_CIN,
      NEW_OWNER.PUBLIC_COMPANY_GSTIN,
      NEW_OWNER.PUBLIC_GRIEVANCE_OFFICER_NAME,
      NEW_OWNER.PUBLIC_GRIEVANCE_OFFICER_DESIGNATION,
      NEW_OWNER.PUBLIC_GRIEVANCE_OFFICER_EMAIL,
      NEW_OWNER.PUBLIC_GRIEVANCE_OFFICER_PHONE,
      NEW_OWNER.PUBLIC_PRIVACY_CONTACT_NAME,
      NEW_OWNER.PUBLIC_PRIVACY_CONTACT_EMAIL,
      NEW_OWNER.PUBLIC_PAYMENT_GATEWAYS,
    ])
      await expect(details, value).toContainText(value);
    await expect(details.getByRole('link', { name: NEW_OWNER.PUBLIC_GRIEVANCE_OFFICER_PHONE })).toHaveAttribute(
      'href',
      'tel:+912040001234',
    );
    await expect(page.locator('body')).not.toContainText(ui.company.exampleShort);
    const footer = page.locator('footer [data-company]');
    await expect(footer).toContainText(`${NEW_OWNER.PUBLIC_COMPANY_NAME} · CIN ${NEW_OWNER.PUBLIC_COMPANY_CIN}`);
    await expect(footer).toContainText(NEW_OWNER.PUBLIC_GRIEVANCE_OFFICER_EMAIL);
  });
}
