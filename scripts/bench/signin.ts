/**
 * The password budget under a flood of sign-ins (src/server/admin/passwordBudget.ts): the median and
 * p99 time of a public page the server renders on demand (/monthly-activities) at rest, then while wrong
 * sign-ins arrive, each from an IPv6 /64 of its own (so no network ever reaches its limit: the worst case for
 * the budget) and with a name no account has (each costs a dummy argon2 check). Two floods: 16 sign-ins a
 * second (the rate the review measured: the page went from 9 ms to 425 ms before the budget), then as many as
 * 16 connections send. The server trusts loopback as its proxy (TRUST_PROXY=loopback) so that each attempt can
 * name its address in X-Forwarded-For. Prints the page's figures and how the sign-ins were answered.
 */
import autocannon from 'autocannon';
import { startProductionServer } from '../productionServer.ts';
import { duration } from './options.ts';
import { table } from './report.ts';

const PAGE = '/monthly-activities';
const VISITOR_CONNECTIONS = 2;
const FLOOD_CONNECTIONS = 16;

/** The visitor's page, for `seconds`, as 2 people reloading it at once would. */
function visit(url: string, seconds: number) {
  return autocannon({ url: `${url}${PAGE}`, connections: VISITOR_CONNECTIONS, duration: seconds });
}

/** Wrong sign-ins for `seconds`, each from an IPv6 /64 of its own; at `rate` a second, or as fast as they go. */
function flood(url: string, seconds: number, rate: number | undefined) {
  let sent = 0;
  return autocannon({
    url: `${url}/Admin/login?_action=adminEntry.signIn`, // The sign-in form's action (src/actions/entry.ts).
    connections: FLOOD_CONNECTIONS,
    duration: seconds,
    ...(rate !== undefined && { overallRate: rate }),
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => {
          sent += 1;
          const network = `2001:db8:${(sent >>> 16).toString(16)}:${(sent & 0xffff).toString(16)}`;
          return {
            ...request,
            headers: {
              'Content-Type': 'application/x-www-form-urlencoded',
              Origin: url,
              'X-Forwarded-For': `${network}::1`,
            },
            body: `username=guess-${sent}&password=not+the+password+${sent}`,
          };
        },
      },
    ],
  });
}

/** How the sign-ins were answered: "401: 120, 429: 3,400". */
function statuses(result: autocannon.Result): string {
  return Object.entries(result.statusCodeStats ?? {})
    .map(([status, { count = 0 }]) => `${status}: ${count}`)
    .join(', ');
}

export async function signInReport(port: number) {
  const site = await startProductionServer(port, 'isa-bench-signin-', { TRUST_PROXY: 'loopback' });
  try {
    console.info(
      `\nSign-in flood: ${PAGE} by ${VISITOR_CONNECTIONS} connections for ${duration} s each, at rest and during wrong sign-ins from ${FLOOD_CONNECTIONS} connections, each from an IPv6 /64 of its own\n`,
    );
    await visit(site.url, 2); // Warm-up.
    const rows: string[][] = [];
    const row = (name: string, page: autocannon.Result, signIns?: autocannon.Result) => {
      if (page.non2xx + page.errors + page.timeouts > 0) throw new Error(`${PAGE} failed during "${name}"`);
      rows.push([
        name,
        page.latency.p50.toFixed(0),
        page.latency.p99.toFixed(0),
        page.requests.average.toFixed(0),
        signIns ? (signIns.requests.total / duration).toFixed(0) : '',
        signIns ? statuses(signIns) : '',
      ]);
    };
    row('at rest', await visit(site.url, duration));
    for (const [name, rate] of [
      ['16 sign-ins a second', 16],
      ['as many as 16 connections send', undefined],
    ] as const) {
      const [page, signIns] = await Promise.all([visit(site.url, duration), flood(site.url, duration, rate)]);
      row(name, page, signIns);
    }
    console.info(
      `${table(['page during', 'p50 ms', 'p99 ms', 'page req/s', 'sign-ins/s', 'sign-ins answered'], rows)}\n`,
    );
  } finally {
    await site.stop();
  }
}
