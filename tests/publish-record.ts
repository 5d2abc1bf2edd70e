/**
 * What the tests of the publish record share (scripts/publish-record.mjs): the edit a build must refuse, the admin's
 * names for where it is, and the record of a failed build of it. The Worker's test reads the record a real failing
 * build gives (tests/worker/cms-publish.test.ts); the admin's bar shows it (tests/e2e/cms-publish.spec.ts).
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { offerSchema } from '../src/lib/schemas/offer';

/** The commit of the failed change and when it was committed: 08:32 UTC, 14:02 in India (+05:30). */
const FAILED_CHANGE = {
  commit: '0123456789abcdef0123456789abcdef01234567',
  committedAt: '2026-05-04T08:32:00Z',
};

/** The arguments of scripts/publish-record.mjs for that change's failed build, whose output is in `logFile`. */
export function failedRecordArgs(logFile: string): string[] {
  return [
    '--status',
    'failed',
    '--commit',
    FAILED_CHANGE.commit,
    '--committed-at',
    FAILED_CHANGE.committedAt,
    '--log',
    logFile,
  ];
}

/**
 * The offer's content file with its original price set below its price, and what the schema says of that: the
 * message the build must carry to the editor.
 */
export function refusedOffer(): { offerPath: string; edited: Record<string, unknown>; message: string | undefined } {
  const name = readdirSync('src/content/offer').find((file) => file.endsWith('.json'))!;
  const offerPath = `src/content/offer/${name}`;
  const offer = JSON.parse(readFileSync(offerPath, 'utf8')) as { price: number; originalPrice: number };
  const edited = { ...offer, originalPrice: offer.price - 1 };
  const refused = offerSchema.safeParse(edited);
  const message = refused.error?.issues.find((issue) => issue.path.join('.') === 'originalPrice')?.message;
  return { offerPath, edited, message };
}

/** The admin's names for the offer and its original price, from the config the build wrote (dist/cms/config.yml). */
export function adminLabels(offerPath: string): { entry: string; field: string } {
  const config = parseYaml(readFileSync('dist/cms/config.yml', 'utf8')) as {
    collections: {
      name: string;
      label: string;
      files?: { file: string; fields: { name: string; label: string }[] }[];
    }[];
  };
  const offer = config.collections.find((collection) => collection.name === 'offer')!;
  // A file entry's path holds the place of a translation's folder: the English file is the path without it.
  const fields = offer.files!.find((file) => file.file.replace('/{{locale}}/', '/') === offerPath)!.fields;
  return { entry: offer.label, field: fields.find((field) => field.name === 'originalPrice')!.label };
}

/** A build message is text anyone who commits can write: a quote, SQL and HTML in it. */
export const HOSTILE_MESSAGE = `it's "x"); DROP TABLE publishes; -- <img src=x onerror="document.title='owned'">`;

/**
 * Writes, in `dir`, the output of a failed build whose message is HOSTILE_MESSAGE (for an offer file, field
 * title), committed as abcdef1 at 08:40 UTC (14:10 in India); the arguments of scripts/publish-record.mjs for it.
 */
export function hostileRecordArgs(dir: string): string[] {
  const logFile = join(dir, 'hostile.log');
  writeFileSync(
    logFile,
    `Copy that contradicts the plans:\n  src/content/offer/x.json, field title: ${HOSTILE_MESSAGE}\n`,
  );
  return ['--status', 'failed', '--commit', 'abcdef1', '--committed-at', '2026-05-04T08:40:00Z', '--log', logFile];
}
