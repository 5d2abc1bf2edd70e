/**
 * The company behind the site, as its owner sets it in the site settings: whom a buyer pays, where it is registered,
 * whom they complain to and who answers for their personal data. The about page, the footer and the legal pages show
 * it (CompanyDetails), and content quotes it through slots ("{company.name}"), so that it is stated once.
 */
export interface Company {
  /** The legal name, as registered: "Communiti Technologies Private Limited". */
  name: string;
  /** The registered office, on one line. */
  address: string;
  /** The Corporate Identity Number the Registrar of Companies gave it. */
  cin: string;
  /** Its Goods and Services Tax Identification Number. */
  gstin: string;
  /** The grievance officer the Consumer Protection (E-Commerce) Rules and the IT Rules ask for. */
  grievance: { name: string; designation: string; email: string; phone: string };
  /** Who answers for personal data (the DPDP Act's contact). */
  privacy: { name: string; email: string };
  /** The payment gateways that take the payments, as a buyer reads them: "Razorpay". */
  gateways: string;
  /** True while a setting is left at the default's example value: every place that shows the company says so. */
  example: boolean;
}

/** The Corporate Identity Number: listed or not, industry, state, year, kind of company, registration number. */
export const CIN_PATTERN = /^[LU]\d{5}[A-Z]{2}\d{4}[A-Z]{3}\d{6}$/;
/** The GSTIN: state code, PAN, entity number, "Z" and a check character. */
export const GSTIN_PATTERN = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;
/** A phone number as people write it: digits, spaces, hyphens and an international "+", ten digits or more. */
export const PHONE_PATTERN = /^\+?[\d][\d\s-]{8,18}\d$/;

/** A phone number as a tel: link: its digits and the leading "+". */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** A phone number as a link shows it: on one line, its spaces and hyphens ones that never break. */
export function telText(phone: string): string {
  return phone.replaceAll(' ', '\u00a0').replaceAll('-', '\u2011');
}

/** The slots that quote the company in content, and what each states in an editor's words (the admin's hint). */
export const COMPANY_SLOT_MEANINGS = {
  'company.name': "the company's legal name, from the site settings",
  'company.address': 'its registered office, from the site settings',
  'company.gateways': 'the payment gateways it uses, from the site settings',
  'company.grievanceOfficer': "its grievance officer's name, from the site settings",
  'company.grievanceEmail': "its grievance officer's email address, from the site settings",
  'company.privacyContact': 'who answers for personal data, from the site settings',
  'company.privacyEmail': 'their email address, from the site settings',
} as const;

/** The company's slots with their values, for filling content. */
export function companySlots(company: Company): Record<keyof typeof COMPANY_SLOT_MEANINGS, string> {
  return {
    'company.name': company.name,
    'company.address': company.address,
    'company.gateways': company.gateways,
    'company.grievanceOfficer': company.grievance.name,
    'company.grievanceEmail': company.grievance.email,
    'company.privacyContact': company.privacy.name,
    'company.privacyEmail': company.privacy.email,
  };
}
