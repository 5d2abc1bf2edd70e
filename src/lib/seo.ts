/** Structured data builders for page heads (BaseLayout adds the @context). */
import type { FaqItem } from './schemas/common';

export function faqJsonLd(items: Pick<FaqItem, 'question' | 'answer'>[]): Record<string, unknown> {
  return {
    '@type': 'FAQPage',
    mainEntity: items.map((item) => ({
      '@type': 'Question',
      name: item.question,
      acceptedAnswer: { '@type': 'Answer', text: item.answer },
    })),
  };
}
