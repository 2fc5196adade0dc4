/**
 * The site's HTTP server: one node:http server in front of the Astro handler built by
 * @astrojs/node (standalone mode: prerendered files first, then on-demand pages and the API).
 * It runs outside Vite (started by scripts/start.ts), so it imports only plain TypeScript.
 *
 * Before Astro sees a request, a fixed route reached with other letter case (/Past-Webinars)
 * gets a permanent redirect to its canonical spelling. The build writes each route once, so
 * no two output paths differ only in case. Text answers (HTML, CSS, JavaScript, JSON, SVG)
 * are compressed with brotli or gzip, as the browser accepts.
 */
import http from 'node:http';
import compression from 'compression';
import { canonicalSpelling } from '../../lib/routes.ts';

export type NodeHandler = (request: http.IncomingMessage, response: http.ServerResponse) => void;

function pathAndQuery(url: string): { pathname: string; search: string } {
  const queryStart = url.indexOf('?');
  return queryStart < 0
    ? { pathname: url, search: '' }
    : { pathname: url.slice(0, queryStart), search: url.slice(queryStart) };
}

export function createSiteServer(astroHandler: NodeHandler): http.Server {
  const compress = compression({ threshold: 1024 });
  return http.createServer((request, response) => {
    const { pathname, search } = pathAndQuery(request.url ?? '/');
    const canonical = canonicalSpelling(pathname);
    if (canonical && (request.method === 'GET' || request.method === 'HEAD')) {
      response.writeHead(301, { Location: `${canonical}${search}`, 'Cache-Control': 'public, max-age=86400' });
      response.end();
      return;
    }
    compress(request, response, () => astroHandler(request, response));
  });
}
