/**
 * A post's share links: plain links to each network's own share page, no third-party script. Every value is
 * URL-encoded, so a post name with markup, quotes or ampersands stays one parameter.
 */
export interface ShareLinks {
  whatsapp: string;
  linkedin: string;
  x: string;
  email: string;
}

export function shareLinks(url: string, title: string): ShareLinks {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  return {
    whatsapp: `https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}`,
    linkedin: `https://www.linkedin.com/sharing/share-offsite/?url=${u}`,
    x: `https://x.com/intent/post?url=${u}&text=${t}`,
    email: `mailto:?subject=${t}&body=${u}`,
  };
}
