/**
 * Visitors going through the site while it changes under them (a deploy's switch, a build beside
 * a running server): a few kept-alive connections asking, one after another, for prerendered
 * pages, on-demand pages and the events API, as a browser does. Like a browser, a GET sent on a
 * kept-alive connection that the server had just closed is sent once more on a new one (Node's own
 * advice for `request.reusedSocket`); everything else counts as it came. Every page asked for
 * exists, so a failed request is any answer but 200 (a 5xx, or a 404 for a page a build removed
 * under the server), or a connection that broke.
 */
import http from 'node:http';

export interface LoadRequest {
  method: 'GET' | 'POST';
  path: string;
  body?: string;
}

/** Pages of each kind and the events API of the society's contract. */
export const VISITOR_REQUESTS: readonly LoadRequest[] = [
  { method: 'GET', path: '/' },
  { method: 'GET', path: '/Contact-Us' },
  { method: 'POST', path: '/Admin/api/events_list' },
  { method: 'GET', path: '/Office-Brearers' },
  { method: 'GET', path: '/monthly-activities' },
  { method: 'POST', path: '/Admin/api/event_details_list', body: '{"eventId":1}' },
  { method: 'GET', path: '/branches' },
  { method: 'GET', path: '/Events/1' },
];

interface LoadFigures {
  requests: number;
  /** Answers other than 200, and broken connections, by request and status or error code. */
  failed: number;
  failures: Record<string, number>;
  /** GETs sent again after a kept-alive connection closed under them (as a browser does). */
  retried: number;
  /** Every status seen, with its count. */
  statuses: Record<string, number>;
  seconds: number;
}

export interface VisitorLoad {
  /** The figures so far. */
  figures(): LoadFigures;
  /** Stops after the requests under way, and gives the figures. */
  stop(): Promise<LoadFigures>;
}

interface Outcome {
  status?: number;
  error?: string;
  retried: boolean;
}

function send(url: URL, request: LoadRequest, agent: http.Agent, retry = true): Promise<Outcome> {
  return new Promise((resolve) => {
    const sent = http.request(
      url,
      {
        method: request.method,
        agent,
        headers: {
          'Accept-Encoding': 'br, gzip',
          ...(request.body !== undefined && {
            'Content-Type': 'application/json',
            'Content-Length': Buffer.byteLength(request.body),
          }),
        },
      },
      (response) => {
        response.resume();
        response.once('end', () => resolve({ status: response.statusCode ?? 0, retried: !retry }));
        response.once('error', (error) => resolve({ error: error.message, retried: !retry }));
      },
    );
    sent.once('error', (error: NodeJS.ErrnoException) => {
      if (retry && sent.reusedSocket && request.method === 'GET' && error.code === 'ECONNRESET') {
        resolve(send(url, request, agent, false));
        return;
      }
      resolve({ error: error.code ?? error.message, retried: !retry });
    });
    sent.end(request.body);
  });
}

/** Starts `connections` visitors on `baseUrl`, each going through `requests` in turn until stopped. */
export function startVisitorLoad(
  baseUrl: string,
  {
    connections = 4,
    pauseMs = 10,
    requests = VISITOR_REQUESTS,
  }: {
    connections?: number;
    /** Each visitor's pause between two requests (a visitor reads; the machine builds meanwhile). */
    pauseMs?: number;
    requests?: readonly LoadRequest[];
  } = {},
): VisitorLoad {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const started = Date.now();
  const figures: LoadFigures = { requests: 0, failed: 0, failures: {}, retried: 0, statuses: {}, seconds: 0 };
  let running = true;
  const visitor = async (offset: number) => {
    for (let index = offset; running; index++) {
      const request = requests[index % requests.length];
      if (!request) return;
      const outcome = await send(new URL(request.path, baseUrl), request, agent);
      figures.requests += 1;
      if (outcome.retried) figures.retried += 1;
      const key = outcome.error ?? String(outcome.status);
      figures.statuses[key] = (figures.statuses[key] ?? 0) + 1;
      if (outcome.status !== 200) {
        figures.failed += 1;
        const what = `${request.method} ${request.path}: ${key}`;
        figures.failures[what] = (figures.failures[what] ?? 0) + 1;
      }
      if (pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
  };
  const visitors = Array.from({ length: connections }, (_, index) => visitor(index));
  const snapshot = () => ({ ...figures, seconds: (Date.now() - started) / 1000 });
  return {
    figures: snapshot,
    async stop() {
      running = false;
      await Promise.all(visitors);
      agent.destroy();
      return snapshot();
    },
  };
}
