/**
 * An Astro content loader for the YAML files listed in contentFiles.ts. It fits the photos the
 * files name first (a phone photo saved through the forms or by hand never fails a build: it is
 * turned upright, stripped and made small enough, in place, and the build says so), then checks
 * the files with checkOnDisk(), the same check as `npm run check:content` (schemas, list rules,
 * photos), and fails the build with plain-language messages; warnings are logged. Then it hands
 * each entry to Astro (which turns photo paths into optimised images).
 */
import type { DataStore, Loader, LoaderContext } from 'astro/loaders';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { checkOnDisk, problemReport, warningReport } from './checkContent.ts';
import type { ContentSource } from './contentFiles.ts';
import { fitContentPhotos, fittedLine } from './photoFitting.ts';

export class ContentError extends Error {
  override name = 'ContentError';
}

/** The part of Astro's loader context this loader uses (so a test can hand it just that). */
export interface YamlLoaderContext {
  config: Pick<LoaderContext['config'], 'root'>;
  store: Pick<DataStore, 'clear' | 'set'>;
  parseData: LoaderContext['parseData'];
  logger: Pick<LoaderContext['logger'], 'error' | 'warn' | 'info'>;
  watcher?: Pick<NonNullable<LoaderContext['watcher']>, 'add' | 'on'>;
}

export function yamlLoader(source: ContentSource) {
  return {
    name: 'isa-yaml-loader',
    load: async ({ config, store, parseData, watcher, logger }: YamlLoaderContext) => {
      const root = fileURLToPath(config.root);

      const sync = async () => {
        for (const photo of await fitContentPhotos(root, [source])) logger.info(fittedLine(photo));
        const { entries, problems, warnings } = await checkOnDisk(root, source);
        const report = problemReport(problems);
        if (report) throw new ContentError(report);
        const warning = warningReport(warnings);
        if (warning) logger.warn(warning);
        store.clear();
        for (const entry of entries) {
          const data = await parseData({ id: entry.id, data: entry.data, filePath: entry.filePath });
          store.set({ id: entry.id, data, filePath: entry.filePath });
        }
      };

      await sync();

      const watched = path.join(root, source.path);
      watcher?.add(watched);
      watcher?.on('all', (_event, changed) => {
        if (!changed.startsWith(watched)) return;
        sync().catch((error: unknown) => logger.error(error instanceof Error ? error.message : String(error)));
      });
    },
  } satisfies Loader;
}
