/**
 * `npm run bench -- --only deploy`: how long a merge takes to be live, and what visitors see while it
 * goes live. `npm run deploy` follows a local bare repository (made from this working copy) with its
 * default poll of 60 s and GitHub's webhook set up; Caddy stands in front with the project's
 * deploy/Caddyfile, and visitors (tests/e2e's rig and scripts/bench/visitorLoad.ts) go through it the
 * whole time. Several merges are pushed: some found by the poll, then some announced by a signed
 * webhook call, as GitHub makes it. For each, the time from the push to the new content on the page.
 */
import { createHmac } from 'node:crypto';
import { startCaddy } from '../../tests/e2e/caddyFront.ts';
import { makeRepository, pageText, startDeploy } from '../../tests/e2e/deployRig.ts';
import { median, table } from './report.ts';
import { startVisitorLoad, type LoadFigures } from './visitorLoad.ts';

const SECRET = 'the benchmark webhook secret';
const PRESIDENT = 'Dr. Sample Kumar';

async function until(what: string, ready: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const limit = Date.now() + timeoutMs;
  while (!(await ready())) {
    if (Date.now() > limit) throw new Error(`${what} did not happen within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function loadLine(figures: LoadFigures): string {
  const failures = Object.entries(figures.failures).map(([what, count]) => `${what} × ${count}`);
  return `${figures.requests} requests in ${figures.seconds.toFixed(0)} s through Caddy: ${figures.failed} failed${
    failures.length > 0 ? ` (${failures.join('; ')})` : ''
  }, ${figures.retried} sent again after a kept-alive connection closed`;
}

export async function deployReport(merges: number, webhookMerges: number): Promise<void> {
  console.info(`\nDeploy: ${merges} merges found by the 60 s poll, ${webhookMerges} announced by the webhook`);
  const repository = makeRepository();
  const started = Date.now();
  const deploy = await startDeploy(repository.bare, {
    DEPLOY_POLL_SECONDS: '60',
    DEPLOY_WEBHOOK_SECRET: SECRET,
  });
  try {
    await deploy.waitFor('the first release', (status) => status.live !== undefined, 600_000);
    console.info(`First release live ${seconds(Date.now() - started)} after the deploy started.`);
    const front = await startCaddy(Number(new URL(deploy.url).port));
    const load = startVisitorLoad(front.url);
    const rows: string[][] = [];
    try {
      for (let merge = 1; merge <= merges + webhookMerges; merge++) {
        const name = `Dr. Merged ${merge} Kumar`;
        const previous = merge === 1 ? PRESIDENT : `Dr. Merged ${merge - 1} Kumar`;
        const pushed = Date.now();
        repository.push(`President, take ${merge}`, (file) =>
          file('content/state-bearers.yaml').replace(previous, name),
        );
        const byWebhook = merge > merges;
        if (byWebhook) {
          const body = JSON.stringify({ ref: 'refs/heads/main' });
          const signature = `sha256=${createHmac('sha256', SECRET).update(body).digest('hex')}`;
          const answer = await fetch(`${front.url}/api/deploy`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', 'X-GitHub-Event': 'push', 'X-Hub-Signature-256': signature },
            body,
          });
          if (answer.status !== 202) throw new Error(`The webhook answered ${answer.status}`);
        }
        await until(
          `merge ${merge} live`,
          async () => (await pageText(`${deploy.url}/Office-Brearers`))?.includes(name) ?? false,
          600_000,
        );
        rows.push([String(merge), byWebhook ? 'webhook' : 'poll (60 s)', seconds(Date.now() - pushed)]);
      }
    } finally {
      const figures = await load.stop();
      await front.stop();
      console.info(table(['Merge', 'Found by', 'Push to live'], rows));
      for (const how of ['poll (60 s)', 'webhook']) {
        const times = rows.filter((row) => row[1] === how).map((row) => Number.parseFloat(row[2] ?? ''));
        if (times.length > 0) console.info(`Median, ${how}: ${median(times).toFixed(1)} s`);
      }
      console.info(`Visitors during the switches: ${loadLine(figures)}.`);
    }
  } finally {
    await deploy.stop();
    repository.remove();
  }
}
