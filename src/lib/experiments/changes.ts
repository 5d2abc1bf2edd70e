/**
 * A variant's changes applied to a page's content: each names a field by its dotted path ("hero.headline",
 * "faq.items.0.answer") and gives its new text. Only a field that exists and holds text or a number can change: a
 * number field takes digits, and what the page's schema says of the result is checked by the build.
 */
import type { ExperimentChange } from '../schemas/experiments';

export interface ChangeProblem {
  /** The change's place in the variant's list. */
  index: number;
  message: string;
}

const NUMBER = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?$/;

/**
 * `data` with the changes made, deep-copied (the original is untouched), or the problems: a path that does not exist,
 * a field that is not text or a number (a picture, a list), digits missing for a number.
 */
export function applyChanges<T>(data: T, changes: readonly ExperimentChange[]): { data: T; problems: ChangeProblem[] } {
  const copy = copied(data);
  const problems: ChangeProblem[] = [];
  changes.forEach((change, index) => {
    const keys = change.field.split('.');
    const last = keys.pop();
    let parent: unknown = copy;
    for (const key of keys) {
      parent = isContainer(parent) && Object.hasOwn(parent, key) ? (parent as Record<string, unknown>)[key] : undefined;
    }
    if (last === undefined || !isContainer(parent) || !Object.hasOwn(parent, last)) {
      problems.push({ index, message: `the page has no field ${change.field}` });
      return;
    }
    const target = parent as Record<string, unknown>;
    const current = target[last];
    if (typeof current === 'number') {
      if (!NUMBER.test(change.value.trim())) {
        problems.push({ index, message: `${change.field} is a number: write digits only` });
        return;
      }
      target[last] = Number(change.value.trim());
    } else if (typeof current === 'string') {
      target[last] = change.value;
    } else {
      problems.push({ index, message: `${change.field} is not text or a number: an experiment cannot change it` });
    }
  });
  return { data: copy, problems };
}

const isContainer = (value: unknown): value is object => typeof value === 'object' && value !== null;

/** Lists and plain objects copied all the way down; anything else (a picture's data, a function) shared as it is. */
function copied<T>(value: T): T {
  if (Array.isArray(value)) return value.map(copied) as T;
  if (isContainer(value) && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, copied(child)])) as T;
  }
  return value;
}

/**
 * A second content file a page's experiments may change, its fields written under a prefix of their own: the home
 * page's offer popup (src/content/offer/mega-bundle.json), whose trigger an experiment on "/" may change as
 * "offer.trigger.when" (and "offer.trigger.scrollShare"), so that a test can tell which way of opening the popup
 * brings more leads. Only the fields `changeable` names: the offer's prices and words are not the page's to test.
 */
export interface ChangePart {
  /** The first key of a change's field that names the part: "offer" in "offer.trigger.when". */
  prefix: string;
  /** The part's fields an experiment may change, without the prefix. */
  changeable: RegExp;
  /** Why another of its fields is refused. */
  refusal: string;
}

export const HOME_OFFER_PART: ChangePart = {
  prefix: 'offer',
  changeable: /^trigger\.(when|scrollShare)$/,
  refusal:
    "an experiment on the home page changes only the offer's trigger: offer.trigger.when or offer.trigger.scrollShare",
};

/**
 * A variant's changes split by the part they name: `under` the prefix (each field without it, "trigger.when"), and
 * the page's `own`, each with its place in the variant's list.
 */
export function splitChanges(
  changes: readonly ExperimentChange[],
  prefix: string,
): { own: ExperimentChange[]; under: ExperimentChange[]; ownIndex: number[]; underIndex: number[] } {
  const split = {
    own: [] as ExperimentChange[],
    under: [] as ExperimentChange[],
    ownIndex: [] as number[],
    underIndex: [] as number[],
  };
  changes.forEach((change, index) => {
    if (change.field.startsWith(`${prefix}.`)) {
      split.under.push({ ...change, field: change.field.slice(prefix.length + 1) });
      split.underIndex.push(index);
    } else {
      split.own.push(change);
      split.ownIndex.push(index);
    }
  });
  return split;
}
