/**
 * The door from /Admin to the content forms ("Site pages", /keystatic): whether this server
 * offers them, and the one line that says what saving there means. Saving there is a proposal
 * (a pull request); it goes live after a maintainer merges it, once the deploy sees the merge
 * (it looks every DEPLOY_POLL_SECONDS) and has built the site.
 */
import type { DeployStatus } from '../../deploy/journal.ts';
import { editorOffered, type EditorContext } from './access.ts';

/** The deploy's default pause between looks at the repository (src/deploy/settings.ts). */
const DEFAULT_POLL_SECONDS = 60;
/** A build's time when the deploy has not recorded one yet. */
const TYPICAL_BUILD_SECONDS = 120;

export interface SitePagesDoor {
  /** Where the "Site pages" link goes: the forms, or the line that says they are not set up. */
  href: string;
  offered: boolean;
  line: string;
}

/** About how many minutes from a merge to the live site: the deploy's pause and its last build. */
export function minutesToLive(env: Record<string, string | undefined>, status: DeployStatus | undefined): number {
  const poll = Number(env['DEPLOY_POLL_SECONDS']);
  const pollSeconds = Number.isInteger(poll) && poll > 0 ? poll : DEFAULT_POLL_SECONDS;
  const live = status?.attempts.find((attempt) => attempt.result === 'live' && attempt.finished);
  const built = live?.finished ? (Date.parse(live.finished) - Date.parse(live.started)) / 1000 : Number.NaN;
  const buildSeconds = Number.isFinite(built) && built > 0 ? built : TYPICAL_BUILD_SECONDS;
  return Math.max(1, Math.ceil((pollSeconds + buildSeconds) / 60));
}

export function sitePagesDoor(context: EditorContext, status: DeployStatus | undefined): SitePagesDoor {
  if (!editorOffered(context)) {
    return {
      href: '/Admin#site-pages',
      offered: false,
      line: "The forms for the site's pages (bearers, webinars, home page texts) are not set up on this server. The site's maintainer sets them up (a GitHub App, README: Editing content); until then, the maintainer changes those pages.",
    };
  }
  const minutes = minutesToLive(context.env, status);
  return {
    href: '/keystatic',
    offered: true,
    line: `Saving there makes a proposal (a pull request); it is live about ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} after a maintainer merges it.`,
  };
}
