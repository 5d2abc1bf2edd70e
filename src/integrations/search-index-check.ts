/**
 * Checks a Pagefind index as the browser will read it: the entry parses and names a language index, the module the
 * search island imports is there, and every file the entry and each language's meta index name (the meta itself, the
 * WebAssembly, each page's fragment, each word-index and filter chunk) exists, is not empty and decompresses whole.
 * Any other file of the folder must not be empty either. A truncated or zero-byte file would let the search find
 * nothing without an error anywhere but the visitor's console.
 *
 * A blog with no posts (a new one, or a build during an API outage: docs/blog.md) has an empty index: Pagefind names a
 * language only for the pages it indexed, so its entry's list of languages is empty. That index passes when no post was
 * built; an entry naming no language when posts were built is a broken one.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { isRecord } from '../lib/json';

export const SEARCH_ENTRY = 'pagefind-entry.json';
/** The module the search island imports (src/islands/BlogSearch.tsx). */
export const SEARCH_MODULE = 'pagefind.js';
/** What every Pagefind file starts with once decompressed. */
const SIGNATURE = 'pagefind_dcd';

export interface IndexProblem {
  /** The file's path inside the index folder, with "/". */
  file: string;
  problem: string;
}

/** A name from the index that may only be a file name (no folder, no "..", nothing odd). */
const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;

/**
 * The problems of the index in `dir` (the folder Pagefind's files are in): none when it is whole.
 * `posts`: the number of post pages the build wrote, every one of which the index must hold.
 */
export function checkSearchIndex(dir: string, posts: number): IndexProblem[] {
  const problems: IndexProblem[] = [];
  const fail = (file: string, problem: string) => problems.push({ file, problem });

  /** The file's bytes when it exists and is not empty, or undefined (with the problem noted). */
  const read = (file: string): Buffer | undefined => {
    const path = join(dir, file);
    if (!existsSync(path)) return void fail(file, 'is missing');
    const bytes = readFileSync(path);
    if (bytes.length === 0) return void fail(file, 'is empty (0 bytes)');
    return bytes;
  };
  /** The decompressed content of a Pagefind data file after its signature, or undefined. */
  const unpack = (file: string): Buffer | undefined => {
    const bytes = read(file);
    if (!bytes) return undefined;
    let data: Buffer;
    try {
      data = gunzipSync(bytes);
    } catch (error) {
      return void fail(file, `does not decompress (${(error as Error).message}): it is cut short or not Pagefind's`);
    }
    if (data.subarray(0, SIGNATURE.length).toString('latin1') !== SIGNATURE) {
      return void fail(file, 'lacks the Pagefind signature');
    }
    return data.subarray(SIGNATURE.length);
  };

  read(SEARCH_MODULE);
  const entryBytes = read(SEARCH_ENTRY);
  const named = new Set([SEARCH_MODULE, SEARCH_ENTRY]);
  if (entryBytes) {
    let entry: unknown;
    try {
      entry = JSON.parse(entryBytes.toString('utf8'));
    } catch {
      fail(SEARCH_ENTRY, 'is not valid JSON');
    }
    const languages = (entry as { languages?: unknown } | undefined)?.languages;
    const indexes = Object.entries(isRecord(languages) ? languages : {});
    if (entry !== undefined && !isRecord(languages)) fail(SEARCH_ENTRY, 'has no list of language indexes');
    else if (entry !== undefined && indexes.length === 0 && posts > 0) {
      fail(SEARCH_ENTRY, `names no language index, though ${posts} posts were built`);
    }
    let pageCount = 0;
    for (const [language, value] of indexes) {
      const { hash, wasm, page_count: count } = isRecord(value) ? value : {};
      if (typeof count === 'number') pageCount += count;
      const wasmName = wasm ?? 'unknown';
      if (
        typeof hash !== 'string' ||
        !SAFE_NAME.test(hash) ||
        typeof wasmName !== 'string' ||
        !SAFE_NAME.test(wasmName)
      ) {
        fail(SEARCH_ENTRY, `has an unreadable entry for the language ${JSON.stringify(language)}`);
        continue;
      }
      const wasmFile = `wasm.${wasmName}.pagefind`;
      const metaFile = `pagefind.${hash}.pf_meta`;
      named.add(wasmFile).add(metaFile);
      unpack(wasmFile);
      const meta = unpack(metaFile);
      if (!meta) continue;
      let chunks: string[];
      try {
        chunks = filesOfMeta(decodeCbor(meta));
      } catch (error) {
        fail(metaFile, `cannot be read (${(error as Error).message})`);
        continue;
      }
      for (const file of chunks) {
        named.add(file);
        unpack(file);
      }
    }
    if (indexes.length > 0 && pageCount !== posts) {
      fail(SEARCH_ENTRY, `counts ${pageCount} pages, not the ${posts} posts built`);
    }
  }
  // Pagefind's other files (its UI scripts and styles) are not read by the site, but none may be empty either.
  for (const file of filesUnder(dir)) {
    if (!named.has(file) && statSync(join(dir, file)).size === 0) fail(file, 'is empty (0 bytes)');
  }
  return problems;
}

/**
 * The files a meta index names. Its CBOR is an array: version, pages ([hash, word count]), word-index chunks ([from,
 * to, hash]), filters ([name, hash]), sorts, meta fields (Pagefind's MetaIndex).
 */
function filesOfMeta(meta: unknown): string[] {
  if (!Array.isArray(meta) || meta.length < 4) throw new Error('not a meta index');
  const [, pages, chunks, filters] = meta as unknown[];
  const hashes = (list: unknown, at: number, what: string) => {
    if (!Array.isArray(list)) throw new Error(`no list of ${what}`);
    return list.map((item: unknown) => {
      const hash = Array.isArray(item) ? item[at] : undefined;
      if (typeof hash !== 'string' || !SAFE_NAME.test(hash)) throw new Error(`an unreadable entry in its ${what}`);
      return hash;
    });
  };
  return [
    ...hashes(pages, 0, 'pages').map((h) => `fragment/${h}.pf_fragment`),
    ...hashes(chunks, 2, 'index chunks').map((h) => `index/${h}.pf_index`),
    ...hashes(filters, 1, 'filters').map((h) => `filter/${h}.pf_filter`),
  ];
}

/** Decodes the CBOR a meta index is written in: definite-length items only, as Pagefind writes them. */
function decodeCbor(bytes: Uint8Array): unknown {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 0;
  const need = (n: number) => {
    if (at + n > bytes.length) throw new Error('it ends in the middle of a value');
  };
  const length = (info: number): number => {
    if (info < 24) return info;
    const size = [1, 2, 4, 8][info - 24];
    if (size === undefined) throw new Error('an indefinite or reserved length');
    need(size);
    const value =
      size === 1
        ? view.getUint8(at)
        : size === 2
          ? view.getUint16(at)
          : size === 4
            ? view.getUint32(at)
            : Number(view.getBigUint64(at));
    at += size;
    return value;
  };
  const item = (): unknown => {
    need(1);
    const initial = bytes[at++]!;
    const major = initial >> 5;
    const info = initial & 31;
    if (major === 7) {
      if (info === 20 || info === 21) return info === 21;
      if (info === 22 || info === 23) return null;
      if (info !== 26 && info !== 27) throw new Error('a value Pagefind does not write');
      need(info === 26 ? 4 : 8);
      const value = info === 26 ? view.getFloat32(at) : view.getFloat64(at);
      at += info === 26 ? 4 : 8;
      return value;
    }
    const n = length(info);
    switch (major) {
      case 0:
        return n;
      case 1:
        return -1 - n;
      case 2:
      case 3: {
        need(n);
        const slice = bytes.subarray(at, (at += n));
        return major === 3 ? new TextDecoder('utf-8', { fatal: true }).decode(slice) : slice;
      }
      case 4:
        return Array.from({ length: n }, item);
      case 5: {
        const map = new Map<unknown, unknown>();
        for (let i = 0; i < n; i++) map.set(item(), item());
        return map;
      }
      default:
        return item(); // a tag: its value
    }
  };
  const value = item();
  if (at !== bytes.length) throw new Error('it has bytes after its value');
  return value;
}

/** Every file under `dir`, by its path relative to it with "/". */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'));
}
