/**
 * A content file's data checked against its collection's schema as the build checks it, for the unit tests and the
 * content admin's browser tests. Astro's image() checks that the file exists and reads its size; here, that it names
 * a file of the project next to the entry.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'astro/zod';
import type { SchemaContext } from '../src/lib/schemas/common';

/** The schema context of the entry at `entry` (a path of the project). */
export const schemaContext = (entry: string): SchemaContext => ({
  image: () =>
    z.string().refine((path) => {
      try {
        readFileSync(join(entry, '..', path));
        return true;
      } catch {
        return false;
      }
    }, 'no such image') as unknown as ReturnType<SchemaContext['image']>,
});

/** `data`, as the file at `entry` would hold it, against a collection's schema. */
export function checkEntry(
  collection: { schema: z.ZodTypeAny | ((context: SchemaContext) => z.ZodTypeAny) },
  entry: string,
  data: unknown,
) {
  const schema = collection.schema;
  return (typeof schema === 'function' ? schema(schemaContext(entry)) : schema).safeParse(data);
}
