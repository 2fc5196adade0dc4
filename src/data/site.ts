/**
 * The content files read whole (shape `single` in src/lib/content/contentFiles.ts): getSingle('privacy')
 * is the data of content/privacy.yaml, as the build checked it. A page made from a new such file
 * calls this, with no query of its own.
 */
import { getEntry, type CollectionEntry } from 'astro:content';
import { contentSource, type ContentFile } from '../lib/content/contentFiles.ts';

type SingleFile = Extract<ContentFile, { shape: 'single' }>['collection'];

export async function getSingle<Collection extends SingleFile>(collection: Collection) {
  const { path } = contentSource(collection);
  const entry = await getEntry(collection, path.replace(/^.*\/|\.yaml$/g, ''));
  if (!entry) throw new Error(`${path} is missing`);
  // getEntry answers with the union of every single file's data when its collection is a type parameter.
  return entry.data as CollectionEntry<Collection>['data'];
}

/** The site-wide facts of content/site.yaml: names, contact, head office, links, places. */
export const getSite = () => getSingle('site');
