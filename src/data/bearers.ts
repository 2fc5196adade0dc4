/** Queries for office bearers: the state bearers and the branch groups, in page order. */
import { getCollection } from 'astro:content';

export async function getStateBearers() {
  const entries = await getCollection('stateBearers');
  return entries.sort((a, b) => Number(a.id) - Number(b.id)).map((entry) => entry.data);
}

export async function getBranches() {
  const entries = await getCollection('branches');
  return entries
    .sort((a, b) => a.data.order - b.data.order || a.id.localeCompare(b.id))
    .map((entry) => ({ slug: entry.id, ...entry.data }));
}
