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

/** Time allowed for each answer (the first on-demand page loads its code). */
const ANSWER_TIMEOUT_MS = 30_000;
/** The most routes a release may ask to be checked. */
const MAX_ROUTES = 50;

interface Check {
  method: 'GET' | 'POST';
  path: string;
  /** What is wrong with the answer, or undefined. */
  wrong: (status: number, body: string) => string | undefined;
}

const answered200 = (status: number) => (status === 200 ? undefined : `answered ${status}`);

function jsonField(body: string, field: string): unknown {
  try {
    const parsed: unknown = JSON.parse(body);
    return typeof parsed === 'object' && parsed !== null ? Reflect.get(parsed, field) : undefined;
  } catch {
    return undefined;
  }
}

/** The checks every release passes; `backendDown` accepts the answers of an events backend that is down. */
function alwaysChecked(remoteEvents: boolean): Check[] {
  const backendDown = (status: number, body: string, field: string, value?: string) => {
    const said = jsonField(body, field);
    return remoteEvents && status === 503 && typeof said === 'string' && (value === undefined || said === value);
  };
  return [
    {
      method: 'GET',
      path: '/healthz',
      wrong: (status, body) =>
        backendDown(status, body, 'status', 'unavailable')
          ? undefined
          : (answered200(status) ?? (jsonField(body, 'status') === 'ok' ? undefined : 'did not say ok')),
    },
    { method: 'GET', path: '/', wrong: answered200 },
    {
      method: 'POST',
      path: EVENTS_LIST_ENDPOINT,
      wrong: (status, body) =>
        backendDown(status, body, 'error')
          ? undefined
          : (answered200(status) ??
            (Array.isArray(jsonField(body, 'records')) ? undefined : 'gave no list of records')),
    },
  ];
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
  const always = alwaysChecked(remoteEvents);
  const checks: Check[] = [
    ...always,
    ...routes
      .filter((route) => !always.some((check) => check.path === route))
      .map((route): Check => ({ method: 'GET', path: route, wrong: answered200 })),
  ];
  for (const check of checks) {
    const name = `${check.method} ${check.path}`;
    try {
      const response = await fetch(`http://127.0.0.1:${port}${check.path}`, {
        method: check.method,
        redirect: 'manual',
        signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS),
      });
      const problem = check.wrong(response.status, await response.text());
      if (problem) return `${name} ${problem}`;
    } catch (error) {
      return `${name} failed: ${error instanceof Error ? error.message : String(error)}`;
    }
  }
  return undefined;
}
