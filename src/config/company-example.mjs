// The example company the default build states until the site's owner sets the real one in the settings, each value
// plainly an example. JavaScript with JSDoc types, so that the rebrand check, a Node script, reads the same values:
// none may survive in a build made with another owner's settings.

/**
 * The default of each company setting, by its environment variable.
 * @type {Readonly<Record<string, string>>}
 */
export const COMPANY_EXAMPLE = Object.freeze({
  PUBLIC_COMPANY_NAME: 'Communiti Technologies Private Limited',
  PUBLIC_COMPANY_ADDRESS: 'Example Tower, 1 Example Road, Bengaluru 560001, Karnataka, India',
  PUBLIC_COMPANY_CIN: 'U00000KA2023PTC000000',
  PUBLIC_COMPANY_GSTIN: '29AAAAA0000A1Z0',
  PUBLIC_GRIEVANCE_OFFICER_NAME: 'Example Name',
  PUBLIC_GRIEVANCE_OFFICER_DESIGNATION: 'Head of Member Support',
  PUBLIC_GRIEVANCE_OFFICER_EMAIL: 'grievance@communiti.example',
  PUBLIC_GRIEVANCE_OFFICER_PHONE: '+91 00000 00000',
  PUBLIC_PRIVACY_CONTACT_NAME: 'Example Name, Data Protection Officer',
  PUBLIC_PRIVACY_CONTACT_EMAIL: 'privacy@communiti.example',
  PUBLIC_PAYMENT_GATEWAYS: 'Example Payments',
});
