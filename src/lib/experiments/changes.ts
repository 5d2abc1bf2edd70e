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
