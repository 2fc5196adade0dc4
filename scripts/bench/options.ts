/** The options of `npm run bench`, read from the command line and checked. */
import { parseArgs } from 'node:util';
import { FIXED_ROUTES } from '../../src/lib/routes.ts';
import type { SpeedPiece } from '../../src/server/http/siteServer.ts';

/** Every fixed route, and one event page of the sample data. */
const ROUTES = [...FIXED_ROUTES, '/Events/1'];

const USAGE = `Usage: npm run bench [-- --runs 3] [--only lighthouse|load|static|search|uploads|signin|deploy] [--duration 10]
                     [--connections 10] [--route /branches ...] [--cpu-slowdown 4] [--merges 3]
                     [--without kept-answers|precompressed ...]`;

/** Stops with the reason and the usage, without a stack trace. */
function usageError(reason: string): never {
  console.error(`${reason}\n${USAGE}`);
  process.exit(2);
}

function parseFlags() {
  try {
    return parseArgs({
      options: {
        runs: { type: 'string', default: '3' },
        only: { type: 'string' },
        duration: { type: 'string', default: '10' },
        connections: { type: 'string', default: '10' },
        route: { type: 'string', multiple: true },
        'cpu-slowdown': { type: 'string' },
        merges: { type: 'string', default: '3' },
        without: { type: 'string', multiple: true },
        help: { type: 'boolean' },
      },
    }).values;
  } catch (error) {
    return usageError(error instanceof Error ? error.message : String(error));
  }
}

const flags = parseFlags();
if (flags.help) {
  console.info(USAGE);
  process.exit(0);
}
/** Lighthouse's CPU slowdown, when not its default (4): for a machine much slower or faster than it assumes. */
export const cpuSlowdown = flags['cpu-slowdown'] === undefined ? undefined : Number(flags['cpu-slowdown']);
if (cpuSlowdown !== undefined && !(cpuSlowdown >= 1)) usageError('--cpu-slowdown takes a number of 1 or more');
export const routes = flags.route ?? ROUTES;
export const runs = Number(flags.runs);
export const duration = Number(flags.duration);
export const connections = Number(flags.connections);
/** Merges pushed in the deploy part: this many found by the poll, and as many announced by the webhook. */
export const merges = Number(flags.merges);
if (![runs, duration, connections, merges].every((value) => Number.isInteger(value) && value > 0)) {
  usageError('--runs, --duration, --connections and --merges take whole numbers above 0');
}
const PARTS = ['lighthouse', 'load', 'static', 'search', 'uploads', 'signin', 'deploy'] as const;
const isPart = (value: string | undefined): value is (typeof PARTS)[number] => PARTS.some((part) => part === value);
if (flags.only !== undefined && !isPart(flags.only))
  usageError(`--only takes one of ${PARTS.map((part) => `"${part}"`).join(', ')}`);
const PIECES: readonly SpeedPiece[] = ['kept-answers', 'precompressed'];
const isPiece = (value: string): value is SpeedPiece => PIECES.some((piece) => piece === value);
/** The speed pieces the static part also measures the site without (src/server/http/siteServer.ts). */
export const without = (flags.without ?? []).filter(isPiece);
if (without.length !== (flags.without ?? []).length) usageError(`--without takes ${PIECES.join(' or ')}`);

/** Which part to run: every one unless --only names one. */
export const only = isPart(flags.only) ? flags.only : undefined;
