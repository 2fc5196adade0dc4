/**
 * Where content files are read from: the working tree on disk (the check, the build, the
 * working side of `npm run content:diff`) or another source with the same two questions, such
 * as a git commit (the base side of the diff).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface ContentReader {
  /** The text of a file (path relative to the project root, with "/"), or undefined when there is none. */
  read(file: string): string | undefined;
  /** The .yaml files directly inside a folder (relative to the project root), sorted. */
  yamlFilesIn(folder: string): string[];
}

export function diskReader(root: string): ContentReader {
  return {
    read(file) {
      const absolute = path.join(root, file);
      return existsSync(absolute) ? readFileSync(absolute, 'utf8') : undefined;
    },
    yamlFilesIn(folder) {
      const absolute = path.join(root, folder);
      if (!existsSync(absolute)) return [];
      return readdirSync(absolute)
        .filter((name) => name.endsWith('.yaml'))
        .sort()
        .map((name) => `${folder}/${name}`);
    },
  };
}
