/** The About Us page. */
import { z } from 'astro/zod';
import { EDITOR_TEXT, editorText, iconCard, iconName, seo } from './common';

const heading = z.string().describe(editorText('Heading', "The section's heading."));
const statement = z
  .object({
    heading: z.string().describe(editorText('Heading', "The card's heading.")),
    text: z.string().min(40).describe(editorText('Text', 'The paragraph under the heading.')),
    icon: iconName.describe(editorText('Icon', 'The small picture on the card, picked by name.')),
  })
  .strict();

export const aboutSchema = z
  .object({
    hero: z
      .object({
        eyebrow: z.string().describe(EDITOR_TEXT.eyebrow),
        heading: z.string().min(5).describe(editorText('Headline', 'The big heading at the top of the page.')),
        text: z.string().min(40).describe(editorText('Text', 'The paragraph under the headline.')),
      })
      .strict()
      .describe(editorText('Top of page', 'The first part of the page, under the menu.')),
    story: z
      .object({
        heading,
        paragraphs: z
          .array(z.string().min(40))
          .min(2)
          .describe(editorText('Paragraphs', 'The story, one paragraph per item.')),
      })
      .strict()
      .describe(editorText('Our story', 'Why the platform was built.')),
    company: z
      .object({
        heading,
        text: z
          .string()
          .min(40)
          .describe(
            editorText(
              'Text',
              'Who runs the company and since when: "{founded}" is the year below. The company\'s name, numbers and officers are site settings, shown under it.',
            ),
          ),
        founded: z
          .number()
          .int()
          .min(1900)
          .max(2100)
          .describe(editorText('Founded', 'The year the company was founded.')),
        people: z
          .array(
            z
              .object({
                name: z
                  .string()
                  .min(2)
                  .max(60)
                  .describe(editorText('Name', 'A real person who runs the company, as they sign their name.')),
                role: z
                  .string()
                  .min(2)
                  .max(60)
                  .describe(editorText('Role', 'What they do, such as "Co-founder and CEO".')),
              })
              .strict(),
          )
          .min(1)
          .max(8)
          .describe(editorText('People', 'The people who run the company, one card each.')),
      })
      .strict()
      .describe(editorText('Who runs it', "The people behind the platform, since when, and the company's details.")),
    offer: z
      .object({
        heading,
        intro: z.string().describe(EDITOR_TEXT.intro),
        items: z.array(iconCard).min(4).describe(editorText('Cards', 'Four cards or more.')),
      })
      .strict()
      .describe(editorText('What we offer', 'The cards of what the platform does.')),
    values: z
      .object({ heading, items: z.array(iconCard).min(3).describe(editorText('Cards', 'One card per value.')) })
      .strict()
      .describe(editorText('Our values', 'The cards of the values.')),
    missionVisionLabel: z
      .string()
      .min(3)
      .max(60)
      .describe(
        editorText(
          'Mission and vision name',
          'Read aloud to blind visitors as the name of the section that holds the mission and the vision.',
        ),
      ),
    mission: statement.describe(editorText('Mission', 'The mission card.')),
    vision: statement.describe(editorText('Vision', 'The vision card, beside the mission.')),
    cta: z
      .object({
        heading: z.string().min(1).describe(editorText('Heading', 'The closing heading.')),
        text: z.string().min(20).describe(editorText('Text', 'The line under the closing heading.')),
        button: z
          .string()
          .min(3)
          .max(40)
          .describe(
            editorText(
              'Button text',
              'Opens the admin app in a new tab to sign up. Starting has a setup cost, so it does not promise "free" (the product facts list what not to say).',
            ),
          ),
      })
      .strict()
      .describe(editorText('Closing call', 'The last section of the page, with its sign-up button.')),
    ...seo,
  })
  .strict();

export type About = z.output<typeof aboutSchema>;
