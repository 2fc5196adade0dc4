/**
 * The GitHub Actions workflow cannot run here, so this test reads it as GitHub will: valid YAML,
 * the right triggers, actions pinned to a major version, and every step the content issue asks
 * for, in an order where each one can use what the earlier ones made.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { z } from 'zod';

const step = z.object({
  name: z.string(),
  uses: z.string().optional(),
  run: z.string().optional(),
  if: z.string().optional(),
  with: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
});

const workflow = z.object({
  name: z.string(),
  on: z.object({
    pull_request: z.null(),
    push: z.object({ branches: z.array(z.string()) }),
    workflow_dispatch: z.null(),
  }),
  jobs: z.record(
    z.string(),
    z.object({ 'runs-on': z.string(), container: z.string().optional(), steps: z.array(step) }),
  ),
});

const text = readFileSync(path.resolve(import.meta.dirname, '../../../.github/workflows/ci.yml'), 'utf8');
const ci = workflow.parse(parse(text));
const steps = Object.values(ci.jobs).flatMap((job) => job.steps);

/** The position of the one step whose command matches, so that the order can be checked. */
function position(command: RegExp): number {
  const found = steps.flatMap((candidate, index) => (candidate.run && command.test(candidate.run) ? [index] : []));
  expect(found, `one step runs ${command}`).toHaveLength(1);
  return found[0] ?? -1;
}

describe('.github/workflows/ci.yml', () => {
  it('runs on every pull request and on every push to main', () => {
    expect(ci.on.pull_request).toBeNull();
    expect(ci.on.push.branches).toEqual(['main']);
  });

  it('pins every action to a major version', () => {
    const actions = steps.flatMap((candidate) => (candidate.uses ? [candidate.uses] : []));
    expect(actions.length).toBeGreaterThan(0);
    for (const action of actions) expect(action).toMatch(/^actions\/[a-z-]+@v\d+$/);
  });

  it('checks out the whole history (the base to compare with, the commits to check), and sets up Node 24 with the npm cache', () => {
    const checkout = steps.find((candidate) => candidate.uses?.startsWith('actions/checkout@'));
    // 0: every commit (GitHub's checkout), so that npm run check reads the commits since its rules began.
    expect(checkout?.with?.['fetch-depth']).toBe(0);
    const node = steps.find((candidate) => candidate.uses?.startsWith('actions/setup-node@'));
    expect(node?.with).toMatchObject({ 'node-version': 24, cache: 'npm' });
  });

  it('installs Chromium from apt, where scripts/chromium.ts finds it', () => {
    expect(position(/apt-get install [^\n]*\bchromium\b/)).toBeGreaterThanOrEqual(0);
  });

  it('installs, checks the content, checks the code, runs the unit tests, builds and runs the browser tests, in that order', () => {
    const order = [
      position(/^npm (ci|install)\b/m),
      position(/^npm run check:content$/m),
      position(/^npm run check$/m),
      position(/^npx vitest run$/m),
      position(/^npm run build$/m),
      position(/^npm run test:e2e$/m),
    ];
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it('writes the content summary of a pull request to the job summary, even when the content check failed', () => {
    const summary = steps[position(/npm run -s content:diff -- /)];
    expect(summary?.run).toMatch(/content:diff -- HEAD\^1 >> "\$GITHUB_STEP_SUMMARY"$/);
    expect(summary?.if).toContain("github.event_name == 'pull_request'");
    expect(summary?.if).toContain('!cancelled()');
  });
});

describe('.github/workflows/fit-photos.yml', () => {
  const fit = z
    .object({
      on: z.object({ pull_request: z.object({ paths: z.array(z.string()) }) }),
      permissions: z.record(z.string(), z.string()),
      jobs: z.record(z.string(), z.object({ if: z.string(), steps: z.array(step) })),
    })
    .parse(parse(readFileSync(path.resolve(import.meta.dirname, '../../../.github/workflows/fit-photos.yml'), 'utf8')));
  const fitSteps = Object.values(fit.jobs).flatMap((job) => job.steps);
  const index = (command: RegExp) => fitSteps.findIndex((candidate) => candidate.run && command.test(candidate.run));

  it("runs on pull requests that change content, from this repository's branches only", () => {
    expect(fit.on.pull_request.paths).toEqual(['content/**']);
    expect(Object.values(fit.jobs).map((job) => job.if)).toEqual([
      expect.stringContaining('github.event.pull_request.head.repo.full_name == github.repository'),
    ]);
    expect(fit.permissions).toEqual({ contents: 'write', actions: 'write' });
  });

  it('checks out the branch, fits the photos, formats the files, commits them and runs CI on it, in that order', () => {
    const checkout = fitSteps.find((candidate) => candidate.uses?.startsWith('actions/checkout@'));
    expect(checkout?.with?.['ref']).toBe('${{ github.head_ref }}');
    const order = [
      index(/^npm install\b/m),
      index(/^npm run photos:fit$/m),
      index(/^npm run content:format$/m),
      index(/git push origin "HEAD:\$BRANCH"/),
    ];
    expect(order.every((position) => position >= 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(fitSteps[order[3] ?? 0]?.run).toMatch(/^if git diff --quiet -- content; then exit 0; fi$/m);
    expect(fitSteps[order[3] ?? 0]?.run).toMatch(/gh workflow run ci\.yml --ref "\$BRANCH"\s*$/);
  });
});
