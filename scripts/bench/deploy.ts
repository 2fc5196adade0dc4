/**
 * `npm run bench -- --only deploy`: how long a merge takes to be live, in its two parts, and what
 * visitors see meanwhile. For each of a few content changes, committed in a repository made from this
 * working copy (tests/e2e/deployRig.ts): CI's part, `npm run release` (timed here, on this machine), and
 * the server's, from the artifact published in the folder `npm run deploy` follows (with the default
 * poll of 15 s) to the new content on the page. Caddy stands in front with the project's Caddyfile,
 * and visitors (scripts/bench/visitorLoad.ts) go through it the whole time.
 */
import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startCaddy } from '../../tests/e2e/caddyFront.ts';
import { deploySite, makeRepository, pageText, startDeploy } from '../../tests/e2e/deployRig.ts';
import { startVisitorLoad } from './visitorLoad.ts';

const PRESIDENT = 'Dr. Sample Kumar';
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function until(what: string, ready: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const limit = Date.now() + timeoutMs;
  while (!(await ready())) {
    if (Date.now() > limit) throw new Error(`${what} did not happen within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export async function deployReport(merges: number): Promise<void> {
  console.info(`\nDeploy: ${merges} merges, each released as CI does, then published to the deploy (15 s poll)`);
  const repository = makeRepository();
  const site = await deploySite();
  const built = mkdtempSync(path.join(tmpdir(), 'isa-bench-built-'));
  const published = mkdtempSync(path.join(tmpdir(), 'isa-bench-published-'));
  const release = async () => {
    const started = Date.now();
    const file = await repository.release(built, { SITE_URL: site.siteUrl });
    return { file, ms: Date.now() - started };
  };
  const publish = (file: string) => {
    copyFileSync(file, path.join(published, path.basename(file)));
    copyFileSync(`${file}.sha256`, path.join(published, `${path.basename(file)}.sha256`));
  };
  publish((await release()).file);
  const deploy = await startDeploy(site, { DEPLOY_RELEASES: published, DEPLOY_POLL_SECONDS: '15' });
  try {
    await deploy.waitFor('the first release', (status) => status.live !== undefined, 600_000);
    const front = await startCaddy(Number(new URL(deploy.url).port));
    const load = startVisitorLoad(front.url);
    const rows: string[] = [];
    try {
      for (let merge = 1; merge <= merges; merge++) {
        const name = `Dr. Merged ${merge} Kumar`;
        const previous = merge === 1 ? PRESIDENT : `Dr. Merged ${merge - 1} Kumar`;
        repository.commit(`President, take ${merge}`, (file) =>
          file('content/state-bearers.yaml').replace(previous, name),
        );
        const made = await release();
        const publishedAt = Date.now();
        publish(made.file);
        await until(
          `merge ${merge} live`,
          async () => (await pageText(`${deploy.url}/Office-Brearers`))?.includes(name) ?? false,
          600_000,
        );
        const live = Date.now() - publishedAt;
        rows.push(`| ${merge} | ${seconds(made.ms)} | ${seconds(live)} | ${seconds(made.ms + live)} |`);
      }
    } finally {
      const figures = await load.stop();
      await front.stop();
      console.info(
        ['| Merge | CI: npm run release | Published to live | Both |', '| ---: | ---: | ---: | ---: |', ...rows].join(
          '\n',
        ),
      );
      console.info(
        `Visitors during the switches: ${figures.requests} requests in ${figures.seconds.toFixed(0)} s through Caddy, ${figures.failed} failed ${JSON.stringify(figures.failures)}.`,
      );
    }
  } finally {
    await deploy.stop();
    repository.remove();
  }
}
