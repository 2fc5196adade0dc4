/**
 * What a person who opens the feed in a browser sees (a phone's "news feed" link, say): the feed
 * names its stylesheet (`<?xml-stylesheet?>`, as pretty-feed does), and carries, before its
 * entries, a short XHTML introduction saying what the feed is and how to subscribe. The browser
 * shows the introduction as a page (with its viewport, title and links) and the entries below it,
 * styled by /feed.css (src/pages/feed.css.ts); feed readers ignore both (RFC 4287, section 6: markup
 * of another namespace is left alone).
 *
 * A CSS stylesheet, not the usual XSLT one: Chromium now covers an XSLT page with a banner saying
 * that XSLT is being removed from the browser, and, once removed, would show raw XML again.
 */
import { escapeXml } from '../escapeXml.ts';
import { subscriptionUrls } from './icsCalendar.ts';

/** The stylesheet that lays the feed out as a page. */
const FEED_STYLESHEET_PATH = '/feed.css';

/**
 * The feed's own Content-Security-Policy: a browser may load its stylesheet and nothing else
 * (the site server adds frame-ancestors, as to every policy).
 */
export const FEED_POLICY = "default-src 'none'; style-src 'self'";

export interface FeedPageOptions {
  site: URL;
  /** The feed's title, such as the society's name. */
  title: string;
  description: string;
}

/** The stylesheet's processing instruction and the introduction (an XHTML element of the feed). */
export function feedPageParts(options: FeedPageOptions, feedUrl: string): { stylesheet: string; introduction: string } {
  const home = new URL('/', options.site).href;
  const title = escapeXml(options.title);
  const calendar = escapeXml(subscriptionUrls(options.site).webcal);
  const introduction = `<div xmlns="http://www.w3.org/1999/xhtml" class="feed-page">
<title>News feed · ${title}</title>
<meta name="viewport" content="width=device-width, initial-scale=1"/>
<p class="feed-page__site"><a href="${escapeXml(home)}">${title}</a></p>
<h1>News feed</h1>
<p>This page is the news feed of ${title}: its webinars and monthly activities, newest first, made for a
feed reader, an app that checks it for you and shows what is new. You do not need it to use the website.</p>
<h2>How to subscribe</h2>
<ol>
<li>Open your feed reader (a news app that can follow "RSS" or "Atom" feeds).</li>
<li>Choose to add a feed, and give it this address: <code class="feed-page__address">${escapeXml(feedUrl)}</code></li>
</ol>
<p>Rather see them in your calendar? <a href="${calendar}">Subscribe to the calendar</a>.</p>
<h2>Latest in the feed</h2>
</div>`;
  return {
    stylesheet: `<?xml-stylesheet type="text/css" href="${FEED_STYLESHEET_PATH}"?>`,
    introduction,
  };
}
