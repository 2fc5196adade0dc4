/**
 * Pagefind's browser API (the search index built by src/integrations/searchIndex.ts), loaded
 * from /pagefind/pagefind.js the first time a visitor searches (focus on the field, typing, or a
 * search in the address), never with a page. It runs on the page's own thread (`noWorker`): a
 * worker would be a separate document under the strict policy of a script file. Its
 * WebAssembly needs 'wasm-unsafe-eval', which only the search page's policy allows.
 */
import { readResultData, type ResultData } from '../lib/search/searchHits.ts';

/**
 * A search's answer: how many results there are, and their data read a slice at a time (each
 * result's data is a small file of its own, fetched only when the visitor gets that far).
 */
export interface SearchAnswer {
  total: number;
  /** The data of results `from` (inclusive) to `to` (exclusive), in Pagefind's order. */
  read(from: number, to: number): Promise<ResultData[]>;
}

export interface PagefindClient {
  search(term: string): Promise<SearchAnswer>;
  /** Fetches the index chunks `term` needs while the visitor is still typing (Pagefind's preload). */
  preload(term: string): Promise<void>;
}

const isObject = (value: unknown): value is object =>
  (typeof value === 'object' || typeof value === 'function') && value !== null;

/** Calls a method of an object of the untyped module, checking that it is one. */
async function callMethod(target: unknown, name: string, ...args: unknown[]): Promise<unknown> {
  const method: unknown = isObject(target) ? Reflect.get(target, name) : undefined;
  if (typeof method !== 'function') throw new Error(`Pagefind has no ${name}()`);
  return Reflect.apply(method, target, args);
}

/**
 * Pagefind asks for its WebAssembly (the largest file) only after its code, its entry file and its
 * metadata, one after the other: on a phone's slow connection that chain is most of the wait.
 * Fetching it beside them leaves Pagefind's own request only a revalidation (it has an ETag). The
 * index is built for the pages' language, English (`lang="en-IN"` is read as "en").
 */
function prefetchWasm(bundle: string) {
  void fetch(`${bundle}wasm.en.pagefind`)
    .then((answer) => answer.arrayBuffer())
    .catch(() => undefined);
}

async function openPagefind(bundle: string): Promise<PagefindClient> {
  prefetchWasm(bundle);
  const module: unknown = await import(/* @vite-ignore */ `${bundle}pagefind.js`);
  await callMethod(module, 'options', {
    basePath: bundle,
    noWorker: true,
    excerptLength: 24,
    // The Branches page holds 19 branches: its length must not push a bearer below a webinar.
    ranking: { pageLength: 0 },
  });
  await callMethod(module, 'init');
  return {
    async preload(term) {
      await callMethod(module, 'preload', term);
    },
    async search(term) {
      const answer = await callMethod(module, 'search', term);
      const found: unknown = isObject(answer) ? Reflect.get(answer, 'results') : undefined;
      const results: unknown[] = Array.isArray(found) ? found : [];
      return {
        total: results.length,
        async read(from, to) {
          const data = await Promise.all(results.slice(from, to).map((result) => callMethod(result, 'data')));
          return data.flatMap((item) => readResultData(item) ?? []);
        },
      };
    },
  };
}

let opening: Promise<PagefindClient> | undefined;

/** The API, loaded once per page; a failed load is tried again next time. */
export function loadPagefind(bundle = '/pagefind/'): Promise<PagefindClient> {
  opening ??= openPagefind(bundle).catch((error: unknown) => {
    opening = undefined;
    throw error;
  });
  return opening;
}
