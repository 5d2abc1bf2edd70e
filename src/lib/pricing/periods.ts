/** The price lists and billing periods: plain lists that the plans' schema, the routes and the price model share. */
/** The two price lists: the main site and the regional /mr/ pages. */
export const variants = ['main', 'mr'] as const;
export type Variant = (typeof variants)[number];

export const communityPeriods = ['yearly', 'monthly'] as const;
export const whatsappPeriods = ['yearly', 'quarterly', 'monthly'] as const;
export type Period = (typeof whatsappPeriods)[number];
