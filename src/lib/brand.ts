/** Content files write the brand as "{brand}" so that the name set in configuration appears everywhere. */
export const BRAND_TOKEN = '{brand}';

/** Returns `value` with every "{brand}" in its strings (in nested objects and arrays too) replaced by `brand`. */
export function fillBrand<T>(value: T, brand: string): T {
  if (typeof value === 'string') return value.replaceAll(BRAND_TOKEN, brand) as T;
  if (Array.isArray(value)) return value.map((item) => fillBrand(item, brand)) as T;
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fillBrand(item, brand)])) as T;
  }
  return value;
}
