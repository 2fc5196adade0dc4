/**
 * The content editor at /keystatic (Keystatic): a form for every content file, saving to the
 * files themselves. See src/lib/keystatic/ and the "Editing content" section of README.md.
 */
import { config } from '@keystatic/core';
import { collections, singletons } from './src/lib/keystatic/contentForms.ts';
import { contentStorage } from './src/lib/keystatic/storage.ts';

export default config({
  storage: contentStorage(import.meta.env.PUBLIC_KEYSTATIC_GITHUB_REPO),
  ui: { brand: { name: 'ISA TN content' } },
  collections,
  singletons,
});
