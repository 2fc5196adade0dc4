/**
 * The site search index, built with Pagefind (its Node API and the binary of the `pagefind`
 * package) when the build is done, into dist/client/pagefind/:
 * - from the prerendered pages: only what they mark with `data-pagefind-body` (the state office
 *   bearers, every branch bearer, the milestones), split into one result per heading with an id
 *   (/branches#salem-2), with their `data-pagefind-meta`, `-filter` and `-ignore` attributes;
 * - from the content files: every webinar and the Contact Us page (src/lib/search/searchRecords.ts).
 * The browser loads the index only when a visitor searches (src/islands/SiteSearch.tsx).
 */
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import * as pagefind from 'pagefind';
import { z } from 'zod';
import { checkSource } from '../lib/content/checkContent.ts';
import { contentSource } from '../lib/content/contentFiles.ts';
import { diskReader } from '../lib/content/contentReader.ts';
import { createSchemas } from '../lib/content/schemas.ts';
import { NAV_LINKS } from '../lib/routes.ts';
import { contactRecord, webinarRecord, type SearchRecord } from '../lib/search/searchRecords.ts';

/** Where the index is written, inside the client folder, and served from. */
const SEARCH_BUNDLE = 'pagefind';

/** The URL of a built page: "branches/index.html" -> "/branches", "index.html" -> "/". */
export function pageUrl(relative: string): string {
  const url = `/${relative.split(path.sep).join('/')}`.replace(/(^|\/)index\.html$/, '');
  return url === '' ? '/' : url.replace(/\.html$/, '');
}

/** Stops the build with what Pagefind reported, if anything. */
function check(what: string, errors: readonly string[]) {
  if (errors.length > 0) throw new Error(`Search index: ${what}: ${errors.join('; ')}`);
}

/** The webinars and the Contact Us page, read and checked as the build read them. */
async function contentRecords(root: string): Promise<SearchRecord[]> {
  const schemas = createSchemas(() => z.string());
  const read = async (collection: 'site' | 'webinars') => {
    // Photos are not opened: the build's own check of the content has done that.
    const result = await checkSource(contentSource(collection), {
      reader: diskReader(root),
      image: () => () => z.string(),
    });
    if (result.problems.length > 0) throw new Error(`Search index: content/${collection} has mistakes`);
    return result.entries.map((entry) => entry.data);
  };
  const webinars = (await read('webinars')).map((data) => schemas.webinar.parse(data));
  const [site] = (await read('site')).map((data) => schemas.site.parse(data));
  const contactUrl = NAV_LINKS.find((link) => link.label === 'Contact Us')?.href ?? '/Contact-Us';
  return [...webinars.map(webinarRecord), ...(site ? [contactRecord(site.headOffice, contactUrl)] : [])];
}

export function searchIndex(): AstroIntegration {
  let root = process.cwd();
  return {
    name: 'isa:search-index',
    hooks: {
      'astro:config:done': ({ config }) => {
        root = fileURLToPath(config.root);
      },
      'astro:build:done': async ({ dir, logger }) => {
        const clientDir = fileURLToPath(dir);
        const { index, errors } = await pagefind.createIndex({ forceLanguage: 'en' });
        check('Pagefind did not start', errors);
        if (!index) throw new Error('Search index: Pagefind did not start');
        try {
          const entries = await readdir(clientDir, { withFileTypes: true, recursive: true });
          const pages = entries.filter((entry) => entry.isFile() && entry.name.endsWith('.html'));
          for (const page of pages) {
            const file = path.join(page.parentPath, page.name);
            const added = await index.addHTMLFile({
              url: pageUrl(path.relative(clientDir, file)),
              content: await readFile(file, 'utf8'),
            });
            check(file, added.errors);
          }
          const records = await contentRecords(root);
          for (const record of records) check(record.url, (await index.addCustomRecord(record)).errors);
          const bundle = path.join(clientDir, SEARCH_BUNDLE);
          const written = await index.writeFiles({ outputPath: bundle });
          check('writing the index', written.errors);
          // The ready-made search interfaces are not used (they inject inline styles, which the
          // site's policy forbids; the site has its own): they are not deployed.
          const bundleFiles = await readdir(bundle);
          for (const name of bundleFiles.filter((file) => /^pagefind-(.*ui|highlight)\./.test(file))) {
            await rm(path.join(bundle, name));
          }
          logger.info(`${pages.length} pages read, ${records.length} webinars and pages added from the content`);
        } finally {
          await pagefind.close();
        }
      },
    },
  };
}
