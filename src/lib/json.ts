/** Checks of JSON read from outside (requests, GitHub's and the blog API's answers, the build's files). */

/** A JSON object: not null, not an array. */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
