/** Every page route the browser tests visit, with the heading each must show. */
export const PAGE_ROUTES: readonly { path: string; navLabel?: string }[] = [
  { path: '/', navLabel: 'Home' },
  { path: '/Office-Brearers', navLabel: 'Office Bearers' },
  { path: '/branches', navLabel: 'Branches' },
  { path: '/past-webinars', navLabel: 'Past Webinars' },
  { path: '/monthly-activities', navLabel: 'Monthly Activities' },
  { path: '/Gallery', navLabel: 'Upcoming' },
  { path: '/Contact-Us', navLabel: 'Contact Us' },
];
