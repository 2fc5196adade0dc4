/**
 * The site's routes: the navigation links of docs/SPEC.md point 2, the alternate spellings that must
 * also work, and which link counts as "current" for a given path.
 */

export interface NavLink {
  label: string;
  href: string;
  /** The label of this link in the footer on small screens, where it differs. */
  footerMobileLabel?: string;
}

export const NAV_LINKS: readonly NavLink[] = [
  { label: 'Home', href: '/' },
  // "Brearers" is misspelt on purpose: docs/SPEC.md keeps the original site's address, so that old
  // links and bookmarks to /Office-Brearers still work (src/pages/Office-Brearers.astro).
  { label: 'Office Bearers', href: '/Office-Brearers' },
  { label: 'Branches', href: '/branches' },
  { label: 'Past Webinars', href: '/past-webinars' },
  { label: 'Monthly Activities', href: '/monthly-activities' },
  { label: 'Upcoming', href: '/Gallery', footerMobileLabel: 'Alumni' },
  { label: 'Contact Us', href: '/Contact-Us' },
];

/** Pages that are not in the navigation but belong to one of its sections. */
const SECTION_OF: readonly { prefix: string; section: string }[] = [
  { prefix: '/events/', section: '/monthly-activities' },
  { prefix: '/event-22', section: '/monthly-activities' },
];

/** The privacy notice of the contact form (linked under the form and from the footer). */
export const PRIVACY_ROUTE = '/privacy';

/**
 * Pages outside the navigation that the footer's last line links to, after the designer's credit.
 * A page added here is a fixed route too (below): its link and its route are this one entry.
 */
export const FOOTER_LINKS: readonly NavLink[] = [{ label: 'Privacy notice', href: PRIVACY_ROUTE }];

/** The site search (the header's search field leads there: /search?q=...). */
export const SEARCH_ROUTE = '/search';

/** The home page's "Coming up" as it stands at the request: a piece of HTML the home page fetches, not a page. */
export const COMING_UP_ROUTE = '/coming-up';

/** Every fixed route, spelt as the site links to it. */
export const FIXED_ROUTES: readonly string[] = [
  ...NAV_LINKS.map((link) => link.href),
  ...FOOTER_LINKS.map((link) => link.href),
  '/event-22',
  SEARCH_ROUTE,
];

function trimSlash(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/**
 * The canonical spelling of a fixed route reached with other letter case, such as
 * "/Past-Webinars" or "/Monthly-activities"; undefined when the path is already canonical
 * or is not a fixed route. Only one spelling of each route exists in the build, so the
 * checkout never holds two paths that differ only in case.
 */
export function canonicalSpelling(pathname: string): string | undefined {
  const trimmed = trimSlash(pathname);
  const lower = trimmed.toLowerCase();
  const route = FIXED_ROUTES.find((candidate) => candidate.toLowerCase() === lower);
  return route && route !== trimmed ? route : undefined;
}

/** Whether the navigation link `href` is the current page (or its section) for `pathname`. */
export function isCurrentLink(href: string, pathname: string): boolean {
  const current = trimSlash(pathname).toLowerCase();
  const target = href.toLowerCase();
  if (target === '/') return current === '/';
  if (current === target) return true;
  return SECTION_OF.some(({ prefix, section }) => section === target && current.startsWith(prefix));
}
