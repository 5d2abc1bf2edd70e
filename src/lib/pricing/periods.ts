/** The price lists and billing periods: plain lists that the plans' schema, the routes and the price model share. */
/** The two price lists: the main site's and the regional one of the /mr/ pages (a price list, not a language: the page language is the locale). */
export const priceLists = ['main', 'mr'] as const;
export type PriceList = (typeof priceLists)[number];

export const communityPeriods = ['yearly', 'monthly'] as const;
export const whatsappPeriods = ['yearly', 'quarterly', 'monthly'] as const;
export type Period = (typeof whatsappPeriods)[number];
