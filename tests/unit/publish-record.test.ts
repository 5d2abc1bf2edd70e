/**
 * The publish record (scripts/publish-record.mjs, worker/cms-publish/table.mjs): a build's output read into the entry,
 * the field and the message, in the admin's words; and the SQL that stores it, which no text can break out of. The
 * logs below are what real failing builds printed (Astro 5's content layer, the plan-copy check, the blog's loader).
 * tests/e2e/cms-publish.spec.ts runs a real failing build, writes its record into the runtime's D1 and reads the bar.
 */
import { describe, expect, it } from 'vitest';
import { cmsConfigFile } from '../../src/integrations/cms-admin';
import {
  describeProblem,
  keysOf,
  labelPath,
  loadCmsConfig,
  NOT_CONTENT,
  parseBuildLog,
  publishRecord,
  recordSentence,
} from '../../scripts/publish-record.mjs';
import { KEEP_RECORDS, MAX_TEXT, recordStatements, sqlInteger, sqlText } from '../../worker/cms-publish/table.mjs';

/** `npm run build` with the offer's original price below its price. */
const OFFER_LOG = `19:36:14 [content] Syncing content
[InvalidContentEntryDataError] offer → mega-bundle data does not match collection schema.

  originalPrice: originalPrice must be above price

  Hint:
    See https://docs.astro.build/en/guides/content-collections/ for more information on content schemas.
  Error reference:
    https://docs.astro.build/en/reference/errors/invalid-content-entry-data-error/
  Location:
    /tmp/fb1/src/content/offer/mega-bundle.json:0:0
  Stack trace:
    at getEntryDataAndImages (file:///work/main/node_modules/astro/dist/content/utils.js:168:26)
`;

/** zod's own messages: Astro prefixes them with the path, and its bold markup leaves stars behind. */
const FEATURE_LOG = `[InvalidContentEntryDataError] features → smart-ai data does not match collection schema.

  hero.image.alt**: **hero.image.alt: String must contain at least 15 character(s)
  blocks.1.points**: **blocks.1.points: Array must contain at least 3 element(s)

  Hint:
  Location:
    /home/runner/work/site/site/src/content/features/smart-ai.json:0:0
`;

const COPY_LOG = `19:38:06 [ERROR] [pricing-check] An unhandled error occurred while running the "astro:build:start" hook
Copy that contradicts the plans (src/content/plans/plans.json); docs/content.md explains the slots:
  src/content/home/home.json, field community.faq[2].answer: "₹999" is a price no plan states: write the plan's price as a slot
  Stack trace:
`;

const BLOG_LOG = `19:38:15 [content] Syncing content
src/content/blog/appointments-that-cut-no-shows.md: field "shortDescription": String must contain at least 50 character(s); field "name": Required
  Stack trace:
`;

const PARSE_LOG = `[DataCollectionEntryParseError] offer/mega-bundle.json failed to parse: Expected ',' or '}' after property value in JSON at position 209
  Hint:
  Location:
    /tmp/fb1/src/content/offer/mega-bundle.json:0:0
`;

describe('parseBuildLog', () => {
  it("reads Astro's schema error: the file under Location, the field's keys and the schema's message", () => {
    expect(parseBuildLog(OFFER_LOG)).toEqual({
      path: 'src/content/offer/mega-bundle.json',
      collection: 'offer',
      entry: 'mega-bundle',
      keys: ['originalPrice'],
      message: 'originalPrice must be above price',
    });
  });

  it("takes the first problem, without the path zod's messages repeat or the stars of Astro's markup", () => {
    expect(parseBuildLog(FEATURE_LOG)).toEqual({
      path: 'src/content/features/smart-ai.json',
      collection: 'features',
      entry: 'smart-ai',
      keys: ['hero', 'image', 'alt'],
      message: 'String must contain at least 15 character(s)',
    });
  });

  it('reads the same through terminal colours, and without a Location line', () => {
    const coloured = OFFER_LOG.replace(
      '[InvalidContentEntryDataError]',
      '\u001b[31m[InvalidContentEntryDataError]\u001b[39m',
    ).replace(/ {2}Location:\n.*\n/, '');
    expect(parseBuildLog(coloured)).toMatchObject({ path: null, collection: 'offer', entry: 'mega-bundle' });
  });

  it("reads the plan-copy check's lines and the blog loader's", () => {
    expect(parseBuildLog(COPY_LOG)).toEqual({
      path: 'src/content/home/home.json',
      collection: null,
      entry: null,
      keys: ['community', 'faq', '2', 'answer'],
      message: `"₹999" is a price no plan states: write the plan's price as a slot`,
    });
    expect(parseBuildLog(BLOG_LOG)).toMatchObject({
      path: 'src/content/blog/appointments-that-cut-no-shows.md',
      keys: ['shortDescription'],
      message: 'String must contain at least 50 character(s)',
    });
  });

  it('a file that cannot be parsed is named without a field; a log without a content problem gives null', () => {
    expect(parseBuildLog(PARSE_LOG)).toMatchObject({
      path: 'src/content/offer/mega-bundle.json',
      keys: [],
      message: "cannot be read: Expected ',' or '}' after property value in JSON at position 209",
    });
    expect(parseBuildLog('src/pages/index.astro: Unexpected token\nerror TS2322: Type string\n')).toBeNull();
  });

  it('writes key paths with dots or brackets alike', () => {
    expect(keysOf('community.plans[1].prices.main.monthly')).toEqual(keysOf('community.plans.1.prices.main.monthly'));
  });
});

describe("the admin's words", () => {
  const fields = [
    {
      name: 'community',
      label: 'Community',
      widget: 'object',
      fields: [
        {
          name: 'faq',
          label: 'FAQ',
          widget: 'list',
          fields: [
            { name: 'question', label: 'Question', widget: 'string' },
            { name: 'answer', label: 'Answer', widget: 'text' },
          ],
        },
        { name: 'steps', label: 'Steps', widget: 'list', types: [{ fields: [{ name: 'title', label: 'Title' }] }] },
      ],
    },
  ];

  it('names each field by its label and each list item by its number', () => {
    expect(labelPath(fields, ['community', 'faq', '2', 'answer'])).toBe('Community › FAQ › 3 › Answer');
    expect(labelPath(fields, ['community', 'steps', '0', 'title'])).toBe('Community › Steps › 1 › Title');
    expect(labelPath(fields, ['community', 'unknownKey'])).toBe('Community › unknownKey');
    const root = [
      {
        name: 'categories',
        label: 'Categories',
        widget: 'list',
        root: true,
        fields: [{ name: 'name', label: 'Name' }],
      },
    ];
    expect(labelPath(root, ['0', 'name'])).toBe('Categories › 1 › Name');
  });

  it("uses the config the build writes for the admin: the script's labels are the admin's", async () => {
    const [own, built] = await Promise.all([loadCmsConfig(), cmsConfigFile(process.cwd())]);
    expect(own.collections).toEqual(built.config.collections);
  });

  it("names the offer's original price as the admin does; without the config, the path and the keys", async () => {
    const config = await loadCmsConfig();
    const offer = config.collections.find((collection) => collection.name === 'offer')!;
    const file = offer.files![0]!;
    const label = file.fields.find((field) => field.name === 'originalPrice')!.label;
    // The English file: the admin's path holds the place of a translation's folder.
    const path = file.file.replace('/{{locale}}/', '/');
    const problem = parseBuildLog(OFFER_LOG.replace('src/content/offer/mega-bundle.json', path))!;
    expect(describeProblem(problem, config)).toEqual({
      file: offer.label,
      field: label,
      message: 'originalPrice must be above price',
    });
    expect(describeProblem(problem, null)).toEqual({
      file: path,
      field: 'originalPrice',
      message: 'originalPrice must be above price',
    });
    expect(describeProblem(null, config)).toEqual({ file: null, field: null, message: NOT_CONTENT });
  });
});

describe('the record', () => {
  const times = { commit: 'ABCDEF1234', committedAt: 1_777_883_520_000, finishedAt: 1_777_885_000_000 };

  it('a live one carries no problem; a failed one the first problem of its log', () => {
    const live = publishRecord({ status: 'live', ...times, log: OFFER_LOG });
    expect(live).toEqual({ ...times, status: 'live', file: null, field: null, message: null });
    expect(recordSentence(live)).toBe('is live');
    const failed = publishRecord({ status: 'failed', ...times, log: OFFER_LOG });
    expect(recordSentence(failed)).toBe(
      'was not published: src/content/offer/mega-bundle.json, originalPrice: originalPrice must be above price',
    );
    expect(publishRecord({ status: 'failed', ...times, log: null }).message).toBe(NOT_CONTENT);
  });
});

/** The text an SQL hex literal holds. */
const unhex = (literal: string) =>
  new TextDecoder().decode(
    Uint8Array.from(/X'([0-9a-f]*)'/.exec(literal)![1]!.match(/../g) ?? [], (b) => parseInt(b, 16)),
  );

describe('the SQL of a record', () => {
  const hostile = `it's "x"); DROP TABLE publishes; -- /* <script>alert(1)</script> ₹ 😀 \\' `;

  it('writes any text as a hex literal that reads back the same, and NULL for none', () => {
    const literal = sqlText(hostile);
    expect(literal).toMatch(/^CAST\(X'[0-9a-f]+' AS TEXT\)$/);
    expect(unhex(literal)).toBe(hostile);
    expect(sqlText('')).toBe("CAST(X'' AS TEXT)");
    expect(sqlText(null)).toBe('NULL');
  });

  it('turns control characters into spaces and keeps at most MAX_TEXT characters', () => {
    expect(unhex(sqlText('a\nb\u0000c\u001b[31md'))).toBe('a b c [31md');
    expect([...unhex(sqlText('😀'.repeat(MAX_TEXT + 5)))]).toHaveLength(MAX_TEXT);
  });

  it('stores the record and keeps the newest rows; no value is written as it is', () => {
    const statements = recordStatements({
      commit: 'ABCDEF1234',
      committedAt: 1_777_883_520_000,
      finishedAt: 1_777_885_000_000,
      status: 'failed',
      file: 'Offer',
      field: hostile,
      message: hostile,
    });
    expect(statements).toHaveLength(2);
    expect(statements[0]).toMatch(
      /^INSERT INTO publishes \(commit_sha, committed_at, finished_at, status, file, field, message\) VALUES \(/,
    );
    expect(statements[0]).not.toContain('DROP');
    expect(statements[0]).not.toContain('Offer');
    expect(statements[0]).toContain('1777883520000, 1777885000000');
    expect(unhex(statements[0]!)).toBe('abcdef1234');
    expect(statements[1]).toBe(
      `DELETE FROM publishes WHERE id NOT IN (SELECT id FROM publishes ORDER BY id DESC LIMIT ${KEEP_RECORDS})`,
    );
  });

  it('refuses a commit id, a state or a time that is not one', () => {
    const record = {
      commit: 'abcdef1',
      committedAt: 1,
      finishedAt: 2,
      status: 'live',
      file: null,
      field: null,
      message: null,
    } as const;
    expect(() => recordStatements({ ...record, commit: "abc'; DROP" })).toThrow('Not a commit id');
    expect(() => recordStatements({ ...record, status: 'pending' as 'live' })).toThrow('Not a publish state');
    expect(() => sqlInteger(1.5)).toThrow('Not a whole number');
    expect(() => sqlInteger(Number.NaN)).toThrow('Not a whole number');
  });
});
