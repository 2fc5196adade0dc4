/**
 * The health check a release passes on its private port before visitors are moved to it: real
 * HTTP requests, as a visitor's, to `GET /healthz` (its store answers), the home page, the events
 * API of the society's contract, and every fixed route the release names (its own list,
 * src/lib/routes.ts, sent with "ready": a release that adds or drops a route is checked for what
 * it has). On-demand pages are among them, so a build whose server code is missing a part fails
 * here, not in front of visitors. With events from the society's backend, a backend that is down
 * (the API's own 503, and /healthz saying so) is the backend's outage, not the release's fault:
 * the pages must still answer.
 */
import { EVENTS_LIST_ENDPOINT } from '../lib/events/eventsListRequest.ts';
import { messageOf } from '../server/backup/backupError.ts';

/** Time allowed for each answer (the first on-demand page loads its code). */
const ANSWER_TIMEOUT_MS = 30_000;
/** The most routes a release may ask to be checked. */
const MAX_ROUTES = 50;

/** What is wrong with one answer, or undefined: 200, with what the path's answer must hold. */
function wrongAnswer(path: string, status: number, body: string, remoteEvents: boolean): string | undefined {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    json = undefined;
  }
  const said = (field: string): unknown =>
    typeof json === 'object' && json !== null ? Reflect.get(json, field) : undefined;
  // The society's backend down: the API's own 503 with its error, /healthz saying "unavailable".
  const backendDown = remoteEvents && status === 503;
  if (path === '/healthz') {
    if (backendDown && said('status') === 'unavailable') return undefined;
    if (status === 200 && said('status') !== 'ok') return 'did not say ok';
  }
  if (path === EVENTS_LIST_ENDPOINT) {
    if (backendDown && typeof said('error') === 'string') return undefined;
    if (status === 200 && !Array.isArray(said('records'))) return 'gave no list of records';
  }
  return status === 200 ? undefined : `answered ${status}`;
}

/** The routes a release asks for, kept only when they are plain paths of the site. */
export function checkedRoutes(routes: unknown): string[] {
  if (!Array.isArray(routes)) return [];
  return routes
    .filter((route): route is string => typeof route === 'string' && /^\/(?!\/)[A-Za-z0-9/_.-]*$/.test(route))
    .slice(0, MAX_ROUTES);
}

/**
 * Checks the release on `port` (`remoteEvents`: its events come from the society's backend); gives
 * what is wrong (the first failure), or undefined.
 */
export async function checkRelease(port: number, routes: string[], remoteEvents: boolean): Promise<string | undefined> {
  const always = ['GET /healthz', 'GET /', `POST ${EVENTS_LIST_ENDPOINT}`];
  const checks = [...new Set([...always, ...routes.map((route) => `GET ${route}`)])];
  for (const check of checks) {
    const [method = 'GET', path = '/'] = check.split(' ');
    try {
      const response = await fetch(`http://127.0.0.1:${port}${path}`, {
        method,
        redirect: 'manual',
        signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS),
      });
      const problem = wrongAnswer(path, response.status, await response.text(), remoteEvents);
      if (problem) return `${check} ${problem}`;
    } catch (error) {
      return `${check} failed: ${messageOf(error)}`;
    }
  }
  return undefined;
}
