import { fillSlots } from '../brand';
import { pricingPaths } from '../routes';
import { whatsappPeriods, type PriceList } from './periods';
import { priceOf, type Plans, type PricingLabels } from './prices';

/** The WhatsApp plans as a schema.org Product with one Offer per plan and period (the free plan once). */
export function whatsappOffersJsonLd(
  whatsapp: Plans['whatsapp'],
  priceList: PriceList,
  labels: Pick<PricingLabels, 'periods'>,
  site: { url: string; brand: string },
): Record<string, unknown> {
  const url = new URL(pricingPaths[priceList].whatsapp, site.url).toString();
  return {
    '@type': 'Product',
    name: whatsapp.product.name,
    description: whatsapp.intro,
    brand: { '@type': 'Brand', name: site.brand },
    offers: whatsapp.plans.flatMap((plan) =>
      whatsappPeriods
        .filter((period) => plan.id !== 'free' || period === 'monthly')
        .map((period) => ({
          '@type': 'Offer',
          name:
            plan.id === 'free'
              ? plan.name
              : fillSlots(whatsapp.product.offer, { plan: plan.name, period: labels.periods[period].label }),
          price: priceOf(plan, priceList, period),
          priceCurrency: 'INR',
          url,
          availability: 'https://schema.org/InStock',
        })),
    ),
  };
}
