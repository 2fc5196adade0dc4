/**
 * Queries for the home page (its sections: getSingle('home') of site.ts): the webinars marked for it (newest
 * first) and the milestones, in order.
 */
import { getCollection } from 'astro:content';
import { newestFirst } from '../lib/contentDates.ts';

export async function getHomeWebinars() {
  const entries = await getCollection('webinars');
  return newestFirst(entries.map((entry) => entry.data).filter((webinar) => webinar.showOnHome));
}

export async function getMilestones() {
  const entries = await getCollection('milestones');
  return entries.sort((a, b) => Number(a.id) - Number(b.id)).map((entry) => entry.data);
}
