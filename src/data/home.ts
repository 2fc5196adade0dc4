/**
 * Queries for the home page: its sections (content/home.yaml), the webinars marked for it (newest
 * first) and the milestones, in order.
 */
import { getCollection, getEntry } from 'astro:content';
import { newestFirst } from '../lib/contentDates.ts';

export async function getHome() {
  const entry = await getEntry('home', 'home');
  if (!entry) throw new Error('content/home.yaml is missing: the home page needs its sections');
  return entry.data;
}

export async function getHomeWebinars() {
  const entries = await getCollection('webinars');
  return newestFirst(entries.map((entry) => entry.data).filter((webinar) => webinar.showOnHome));
}

export async function getMilestones() {
  const entries = await getCollection('milestones');
  return entries.sort((a, b) => Number(a.id) - Number(b.id)).map((entry) => entry.data);
}
