/** Content strings say "{brand}" where the configured brand name goes; this fills it in, through nested data. */
export function withBrand<T>(value: T, brand: string): T {
  if (typeof value === 'string') return value.replaceAll('{brand}', brand) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => withBrand(item, brand)) as T;
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withBrand(v, brand)])) as T;
  }
  return value;
}
