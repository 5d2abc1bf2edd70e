/**
 * The product's facts (src/content/facts/facts.json), each stated once: what support promises, the certifications, what
 * starting costs, what each plan includes (the pricing page's comparison table is drawn from it) and which features
 * are coming soon. Copy states a fact through a slot ("{fact.support}", "{fact.customDomain.included}"), as it states
 * a price through a plan slot, and the build refuses the fact written out by hand (src/lib/claims/check.ts).
 */
import { z } from 'astro/zod';
import { editorText } from './common';

/** A fact's name in slots: "{fact.<id>}". */
const factId = z
  .string()
  .regex(/^[a-z][A-Za-z0-9]*$/, { message: 'must be a word in camelCase, such as customDomain' })
  .describe(
    editorText(
      'Slot name',
      'The name copy uses for this fact, as {fact.<name>}: letters and digits, starting with a small letter (customDomain). Renaming it breaks every sentence that uses it.',
    ),
  );

const words = z
  .array(z.string().min(2).max(40))
  .max(12)
  .optional()
  .describe(
    editorText(
      'Written by hand as',
      'Words that state this fact. Anywhere else in the content (but blog posts, legal pages and testimonials) they make publishing fail: write the slot instead.',
    ),
  );

// What the fact is comes first in the admin's form, then its words, then the name slots use.
const statement = z
  .object({
    about: z.string().min(5).max(80).describe(editorText('What it is', 'For editors: what this fact states.')),
    text: z
      .string()
      .min(2)
      .max(200)
      .describe(
        editorText(
          'Text',
          'The words the slot puts into every sentence that uses it. It may hold plan slots, such as {plan.lite.setup}.',
        ),
      ),
    id: factId,
    words,
  })
  .strict();

/** What one plan has of an offering: "yes" (a tick), "no" (a dash), "add-on" (sold apart) or a short text ("Basic"). */
const has = (plan: string) =>
  z
    .string()
    .min(1)
    .max(40)
    .describe(
      editorText(
        plan,
        `What ${plan} has: "yes" (a tick in the table), "no" (a dash), "add-on" (a paid add-on) or a short text shown as written, such as "Basic".`,
      ),
    );

const offeringFields = {
  id: factId,
  name: z
    .string()
    .min(3)
    .max(60)
    .describe(editorText('Name', 'The name of the feature or service, as a row of the comparison table shows it.')),
  comingSoon: z
    .boolean()
    .default(false)
    .describe(
      editorText(
        'Coming soon',
        'Not available yet: no plan may include it, and only then may copy mark it coming soon, with {fact.<name>.soon}.',
      ),
    ),
  words: words.describe(
    editorText(
      'Named in plan cards as',
      'Words that name it (in lower case, such as "product selling"). A plan card that lists them on a plan without it, or while it is coming soon, makes publishing fail.',
    ),
  ),
};

const communityOffering = z
  .object({ ...offeringFields, lite: has('Lite'), plus: has('Plus'), advance: has('Advance') })
  .strict();
const whatsappOffering = z
  .object({ ...offeringFields, free: has('Free Forever'), business: has('Business'), enterprise: has('Enterprise') })
  .strict();

/** The availability that means "not included"; "yes" and any text mean included, "add-on" sold apart. */
export const AVAILABILITY = { yes: 'yes', no: 'no', addOn: 'add-on' } as const;

export const factsSchema = z
  .object({
    statements: z
      .array(statement)
      .min(1)
      .describe(
        editorText(
          'Statements',
          'Facts copy quotes word for word, such as the support hours and channels or the certifications: {fact.<name>}.',
        ),
      ),
    community: z
      .array(communityOffering)
      .min(5)
      .describe(
        editorText(
          'What each community plan includes',
          'One row per feature of the comparison table on /pricing. Copy names the plans that include one with {fact.<name>.included}, those that sell it as an add-on with {fact.<name>.addOn}.',
        ),
      ),
    whatsapp: z
      .array(whatsappOffering)
      .describe(
        editorText(
          'What each WhatsApp plan includes',
          'Features and services that only some WhatsApp plans include, quoted as {fact.<name>.included}.',
        ),
      ),
    neverSay: z
      .array(
        z
          .object({
            words: z.string().min(3).max(40).describe(editorText('Words', 'A phrase the site must not use.')),
            why: z
              .string()
              .min(20)
              .max(240)
              .describe(editorText('Why', 'Shown to whoever writes it: why it is not true, and what to write.')),
          })
          .strict(),
      )
      .describe(
        editorText(
          'Claims we do not make',
          'Phrases that would promise what the product does not give. Anywhere in the content they make publishing fail.',
        ),
      ),
    labels: z
      .object({
        addOn: z.string().min(2).max(24).describe(editorText('Add-on', 'Shown in the comparison table for "add-on".')),
        comingSoon: z
          .string()
          .min(2)
          .max(24)
          .describe(editorText('Coming soon', 'What {fact.<name>.soon} says, on a feature that is coming soon.')),
        and: z.string().min(1).max(8).describe(editorText('And', 'Joins the last two plan names: "Plus and Advance".')),
        everyPlan: z
          .string()
          .min(3)
          .max(24)
          .describe(editorText('Every plan', 'Said instead of the plan names when every plan includes it.')),
      })
      .strict()
      .describe(editorText('Words around the facts', 'The words the slots and the comparison table add.')),
  })
  .strict()
  .superRefine((facts, context) => {
    const seen = new Set<string>();
    const lists = [
      ['statements', facts.statements],
      ['community', facts.community],
      ['whatsapp', facts.whatsapp],
    ] as const;
    for (const [list, items] of lists) {
      items.forEach((item, index) => {
        if (seen.has(item.id))
          context.addIssue({
            code: 'custom',
            path: [list, index, 'id'],
            message: `"${item.id}" names another fact too`,
          });
        seen.add(item.id);
      });
    }
    // A feature is either available on some plan or coming soon, never both.
    for (const [list, items] of [
      ['community', facts.community],
      ['whatsapp', facts.whatsapp],
    ] as const) {
      items.forEach((item, index) => {
        if (!item.comingSoon) return;
        for (const [plan, value] of Object.entries(item)) {
          if (['id', 'name', 'comingSoon', 'words'].includes(plan) || value === AVAILABILITY.no) continue;
          context.addIssue({
            code: 'custom',
            path: [list, index, plan],
            message: `is "${String(value)}", but ${item.name} is marked coming soon: a feature coming soon is on no plan yet ("no")`,
          });
        }
      });
    }
  });

export type Facts = z.infer<typeof factsSchema>;
export type CommunityOffering = Facts['community'][number];
export type WhatsappOffering = Facts['whatsapp'][number];
