/**
 * What a pricing page shows for one product and price list: the plans' content and the site's labels, read with the
 * price list's prices in their plan slots (the FAQ, the badge, the chat messages), with the period toggle and the
 * complete plan cards (the price model's cards), the buttons' addresses taken from configuration.
 */
import { chatLink, site } from '../config/site';
import { pricingPlans, type Product } from '../lib/pricing/cards';
import type { PriceList } from '../lib/pricing/periods';
import type { ExperimentChange } from '../lib/schemas/experiments';
import { readEntry, readUi } from './content';
import { DEFAULT_LOCALE, type PageLocale } from '../lib/i18n/locales';

/** `changes`: an experiment variant's changes to the page, made to the plans' content. */
export async function readPricing(
  product: Product,
  priceList: PriceList,
  changes: readonly ExperimentChange[] = [],
  locale: PageLocale = DEFAULT_LOCALE,
) {
  const [plans, ui] = await Promise.all([
    readEntry('plans', 'plans', priceList, changes, locale),
    readUi(priceList, locale),
  ]);
  const links = { start: site.adminAppUrl, chat: chatLink };
  return { plans, ui, ...pricingPlans(plans, product, { priceList, messages: ui.chat, links }) };
}
