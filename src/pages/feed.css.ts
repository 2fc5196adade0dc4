/**
 * The stylesheet of the news feed as a page (src/lib/calendar/feedPage.ts): the feed's own rules
 * (first: their @namespace rules must come before any other), then the site's design tokens;
 * written once at build as /feed.css.
 */
import type { APIRoute } from 'astro';
import feedRules from '../styles/feed.css?raw';
import tokens from '../styles/tokens.css?raw';

export const GET: APIRoute = () =>
  new Response(`${feedRules}\n${tokens}`, { headers: { 'Content-Type': 'text/css; charset=utf-8' } });
