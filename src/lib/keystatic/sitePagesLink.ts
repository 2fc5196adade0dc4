/**
 * The link from /Admin to the content forms ("Site pages", /keystatic): whether this server
 * offers them, and the one line that says what saving there means. Saving there is a proposal
 * (a pull request); it goes live after a maintainer merges it, once CI has built its release and
 * the deploy has seen it (it looks every DEPLOY_POLL_SECONDS) and put it live.
 */
import { editorOffered, type EditorContext } from './access.ts';

/** The deploy's default pause between looks for releases (src/deploy/settings.ts). */
const DEFAULT_POLL_SECONDS = 15;
/** CI's time to make a release after a merge (.github/workflows/release.yml): install, check, build, publish. */
const RELEASE_BUILD_SECONDS = 240;
/** The deploy's time to put a release live when it has not recorded one yet. */
const TYPICAL_PREPARE_SECONDS = 30;

/** What the link reads of the deploy's status (src/server/release/releaseStatus.ts): its attempts' times. */
interface Attempts {
  attempts: readonly { result: string; started: string; finished?: string | undefined }[];
}

export interface SitePagesLink {
  /** Where the "Site pages" link goes: the forms, or the line that says they are not set up. */
  href: string;
  offered: boolean;
  line: string;
}

/** About how many minutes from a merge to the live site: CI's build, the deploy's pause and its last preparation. */
export function minutesToLive(env: Record<string, string | undefined>, status: Attempts | undefined): number {
  const poll = Number(env['DEPLOY_POLL_SECONDS']);
  const pollSeconds = Number.isInteger(poll) && poll > 0 ? poll : DEFAULT_POLL_SECONDS;
  const live = status?.attempts.find((attempt) => attempt.result === 'live' && attempt.finished);
  const took = live?.finished ? (Date.parse(live.finished) - Date.parse(live.started)) / 1000 : Number.NaN;
  const prepareSeconds = Number.isFinite(took) && took > 0 ? took : TYPICAL_PREPARE_SECONDS;
  return Math.max(1, Math.ceil((RELEASE_BUILD_SECONDS + pollSeconds + prepareSeconds) / 60));
}

export function sitePagesLink(context: EditorContext, status: Attempts | undefined): SitePagesLink {
  if (!editorOffered(context)) {
    return {
      href: '/Admin#site-pages',
      offered: false,
      line: "The forms for the site's pages (bearers, webinars, home page texts) are not set up on this server. The site's maintainer sets them up (a GitHub App: docs/operations.md, The content editor); until then, the maintainer changes those pages.",
    };
  }
  const minutes = minutesToLive(context.env, status);
  return {
    href: '/keystatic',
    offered: true,
    line: `Saving there makes a proposal (a pull request); it is live about ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} after a maintainer merges it.`,
  };
}
