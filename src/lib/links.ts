/** Attributes for a link that opens in a new tab: the opened page gets no handle on this one, nor our URL. */
export const newTab = { target: '_blank', rel: 'noopener noreferrer' } as const;

/** True for links that leave this site. */
export function isExternal(href: string): boolean {
  return /^(https?:)?\/\//.test(href) || href.startsWith('mailto:') || href.startsWith('tel:');
}
