/**
 * The content editor at /keystatic (Keystatic): a form for every content file, saving to the
 * files themselves. See src/lib/keystatic/ and docs/developing.md, "How the content editor fits together".
 * Its header leads back to /Admin, where the office's other work is ("Site pages" there leads here).
 */
import { config } from '@keystatic/core';
import { createElement } from 'react';
import { collections, singletons } from './src/lib/keystatic/contentForms.ts';
import { contentStorage } from './src/lib/keystatic/storage.ts';

/** Keystatic's brand mark, at the top of its sidebar: a link back to /Admin. */
const backToAdmin = () =>
  createElement('a', { href: '/Admin', style: { color: 'inherit', fontWeight: 600 } }, '← Admin');

export default config({
  storage: contentStorage(import.meta.env.PUBLIC_KEYSTATIC_GITHUB_REPO),
  ui: { brand: { name: 'ISA TN site pages', mark: backToAdmin } },
  collections,
  singletons,
});
