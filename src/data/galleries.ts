/** Queries for the galleries under content/galleries/ (one YAML file each). */
import { getEntry } from 'astro:content';

/** A gallery by its file name without .yaml, such as "sports-meet". */
export async function getGallery(id: string) {
  const entry = await getEntry('galleries', id);
  if (!entry) throw new Error(`content/galleries/${id}.yaml is missing`);
  return entry.data;
}
