/**
 * The copy rules' words in Hindi, as the Hindi edition writes them (its glossary: फीस, फ्री, प्लान without a nukta,
 * plan names in Latin through their slots). A word is whole when no letter, vowel sign or digit of any script touches
 * it: a postposition after it is a word of its own ("प्लान में").
 */
import { en } from './en';
import type { LanguageRules } from './types';
import { wholeWord } from '../words';

/** Hindi words whole, inflected forms listed: "बचत", "बचाएं". */
const words = (source: string, flags = 'iu') => new RegExp(`(?<![\\p{L}\\p{M}])(?:${source})(?![\\p{L}\\p{M}])`, flags);

export const hi: LanguageRules = {
  // The danda ends a Hindi sentence; a question or an exclamation ends as in English.
  sentenceEnd: /(?<=[।.!?])\s+/u,
  feeOrSaving: words(
    'शुल्क|फीस|कमीशन|बचत|बचा(?:एं|इए|ती|ते|ता|ना|ओ|ए)?|छूट|डिस्काउंट|बिलिंग|बिल|fees?|commission|discount|billing',
  ),
  gateway: words('गेटवे|gateways?'),
  trial: words('ट्रायल|trials?'),
  freeTrial: words('फ्री\\s+ट्रायल|free\\s+trials?'),
  days: /(?<![\d.,])(\d+)[\s-]*(?:दिनों|दिन|days?)(?![\p{L}\p{M}])/giu,
  // "2 से 2.5%": a range of a gateway's charges, not a plan's fee.
  rangeAfter: /^\s*(?:से|to|-|–|—)\s*[₹\d]/u,
  rangeBefore: /\d\s*%?\s*(?:से|to|-|–|—)\s*$/u,
  comingSoon: words(
    'जल्द(?:\\s+ही)?\\s+आ\\s+रह(?:ा|ी|े)\\s+(?:है|हैं)|जल्द(?:\\s+ही)?\\s+आने\\s+वाल(?:ा|ी|े)|कमिंग\\s+सून|coming\\s+soon',
  ),
  planWord: words('प्लान|प्लानों|plans?', 'giu'),
  // The English names too: a Hindi sentence may write a plan-like name in Latin ("Basic प्लान").
  planLikeNames: [
    ...en.planLikeNames,
    'स्टार्टर',
    'बेसिक',
    'लाइट',
    'प्लस',
    'प्रो',
    'प्रीमियम',
    'स्टैंडर्ड',
    'एडवांस',
    'एडवांस्ड',
    'प्रोफेशनल',
    'बिजनेस',
    'एंटरप्राइज',
    'गोल्ड',
    'सिल्वर',
    'प्लेटिनम',
    'डायमंड',
    'एलीट',
    'अल्टीमेट',
    'अनलिमिटेड',
    'लाइफटाइम',
    'एसेंशियल',
  ],
  wordPattern: wholeWord,
  factWords: { support: ['24 घंटे', 'चौबीसों घंटे', 'चौबीस घंटे'] },
  // Only words that name the feature and nothing else: Hindi writes one form for "subscription" and "subscriptions",
  // "appointment" and "appointments", so सब्सक्रिप्शन and अपॉइंटमेंट would also find the generic noun the English
  // words leave alone ("subscription management" is every plan's; "subscriptions" the feature).
  featureWords: {
    freeSubdomain: ['फ्री सबडोमेन'],
    analytics: ['एनालिटिक्स'],
    customDomain: ['कस्टम डोमेन', 'अपने डोमेन'],
    whiteLabel: ['व्हाइट-लेबलिंग', 'व्हाइट लेबलिंग', 'व्हाइट-लेबल'],
    ai: ['AI असिस्टेंट', 'AI वेबसाइट बिल्डर', 'AI वेब बिल्डर', 'AI बिल्डर', 'स्मार्ट AI', 'प्रॉम्प्ट से बनाएं'],
    prioritySupport: ['प्रायोरिटी सपोर्ट'],
    accountManager: ['अकाउंट मैनेजर'],
    activityLogs: ['एक्टिविटी लॉग'],
  },
  // "फ्री प्लान" is here, with the facts' reason, rather than among the plan-like names.
  neverSay: {
    'no credit card': ['बिना क्रेडिट कार्ड', 'क्रेडिट कार्ड की जरूरत नहीं'],
    'for free': ['फ्री में', 'मुफ्त में'],
    'start free': ['फ्री में शुरू', 'मुफ्त में शुरू'],
    'free plan': ['फ्री प्लान', 'मुफ्त प्लान'],
  },
  // No study of adult silent reading of Hindi on screen was found. The International Reading Speed Texts (IReST:
  // Trauzettel-Klosinski and Dietz, IOVS 2012, 17 languages, 436 native readers) measured 184 words a minute (SD 29)
  // read aloud across languages; silent reading is faster, so a Hindi post's minutes are if anything generous.
  wordsPerMinute: 184,
};
