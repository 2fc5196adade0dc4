/**
 * Inside GitHub Actions, `npm run check:content` also prints each problem as a workflow command,
 * which GitHub turns into an annotation on the pull request's line.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  escapeData,
  escapeProperty,
  inGitHubActions,
  workflowCommand,
} from '../../../scripts/content/githubAnnotations.ts';

const script = path.resolve(import.meta.dirname, '../../../scripts/check-content.ts');

describe('workflow commands', () => {
  it.each([
    ['a percent sign', '100% sure', '100%25 sure', '100%25 sure'],
    ['line breaks', 'one\r\ntwo', 'one%0D%0Atwo', 'one%0D%0Atwo'],
    ['a colon and a comma', 'webinar 1 (“A: B, C”)', 'webinar 1 (“A: B, C”)', 'webinar 1 (“A%3A B%2C C”)'],
  ])('escape %s as GitHub documents', (_case, text, data, property) => {
    expect(escapeData(text)).toBe(data);
    expect(escapeProperty(text)).toBe(property);
  });

  it('name the file, the line and a title with the entry and field, and the message in plain words', () => {
    expect(
      workflowCommand('error', {
        file: 'content/webinars.yaml',
        line: 42,
        entry: 'webinar 5 (“Airway: basics”)',
        field: 'date',
        message: 'expected a real date written year-month-day, for example "2025-03-14" (found "14 March")',
      }),
    ).toBe(
      '::error file=content/webinars.yaml,line=42,title=Content mistake%3A webinar 5 (“Airway%3A basics”) › date::"date": expected a real date written year-month-day, for example "2025-03-14" (found "14 March")',
    );
    expect(workflowCommand('warning', { file: 'content/site.yaml', line: 1, message: 'first line' })).toBe(
      '::warning file=content/site.yaml,line=1,title=Content warning::first line',
    );
    expect(workflowCommand('error', { file: 'content/branches', message: 'no files' })).toBe(
      '::error file=content/branches,title=Content mistake::no files',
    );
  });

  it('are printed only when GITHUB_ACTIONS is "true"', () => {
    expect(inGitHubActions({ GITHUB_ACTIONS: 'true' })).toBe(true);
    expect(inGitHubActions({ GITHUB_ACTIONS: 'false' })).toBe(false);
    expect(inGitHubActions({})).toBe(false);
  });
});

describe('npm run check:content in GitHub Actions', () => {
  function check(env: NodeJS.ProcessEnv) {
    const root = mkdtempSync(path.join(tmpdir(), 'check-content-'));
    try {
      mkdirSync(path.join(root, 'content'));
      writeFileSync(
        path.join(root, 'content/milestones.yaml'),
        '# yaml-language-server: $schema=./old.schema.json\nmilestones:\n- year: 1974\n  text: First state conference\n- year: nineteen\n  text: Silver jubilee\n',
      );
      return spawnSync(process.execPath, [script, root], { encoding: 'utf8', env: { ...process.env, ...env } });
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  }

  it('prints an annotation for each mistake and warning, and fails', () => {
    const run = check({ GITHUB_ACTIONS: 'true' });
    expect(run.status).toBe(1);
    const lines = run.stdout.split('\n');
    expect(lines).toContain(
      '::error file=content/milestones.yaml,line=5,title=Content mistake%3A milestone 2 (“nineteen”) › year::"year": expected a year as a number, for example 1974 (found "nineteen")',
    );
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^::error file=content\/milestones\.yaml,line=5,title=Content mistake::expected exactly 5 milestones/,
      ),
    );
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^::warning file=content\/milestones\.yaml,line=1,title=Content warning::the first line should be/,
      ),
    );
    expect(run.stderr).toContain('content/milestones.yaml, line 5, milestone 2 (“nineteen”): "year": expected a year');
  });

  it('prints no workflow commands elsewhere', () => {
    const run = check({ GITHUB_ACTIONS: '' });
    expect(run.status).toBe(1);
    expect(run.stdout).not.toContain('::error');
  });
});
