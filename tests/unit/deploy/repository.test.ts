import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Repository } from '../../../src/deploy/repository.ts';
import type { DeploySettings } from '../../../src/deploy/settings.ts';

/**
 * A `git` first on PATH that records its arguments and the variables git reads, and answers as a
 * fetch of one commit would: what the deploy hands git, without a network.
 */
function fakeGit() {
  const dir = mkdtempSync(path.join(tmpdir(), 'isa-fake-git-'));
  const record = path.join(dir, 'calls.log');
  writeFileSync(
    path.join(dir, 'git'),
    `#!/bin/sh
printf '%s\\n' "ARGS $*" "CONFIG \${GIT_CONFIG_KEY_0:-}=\${GIT_CONFIG_VALUE_0:-}" "SSH \${GIT_SSH_COMMAND:-}" "PROMPT \${GIT_TERMINAL_PROMPT:-}" >> '${record}'
case "$*" in *rev-parse*) echo ${'a'.repeat(40)} ;; *log*) echo 'A subject' ;; esac
`,
  );
  chmodSync(path.join(dir, 'git'), 0o755);
  return { env: { PATH: `${dir}:${process.env['PATH']}`, HOME: dir }, calls: () => readFileSync(record, 'utf8') };
}

const settings = (more: Partial<DeploySettings>): DeploySettings => ({
  repository: 'https://github.com/example-society/site.git',
  branch: 'main',
  deployDir: mkdtempSync(path.join(tmpdir(), 'isa-deploy-dir-')),
  pollMs: 60_000,
  keepReleases: 3,
  token: undefined,
  sshKeyFile: undefined,
  ...more,
});

describe('the followed repository', () => {
  it('hands a token to git as an HTTP header in its environment, never on its command line, and never prompts', async () => {
    const git = fakeGit();
    const commit = await new Repository(settings({ token: 'github_pat_SECRET' }), git.env).fetch();
    expect(commit).toEqual({ hash: 'a'.repeat(40), subject: 'A subject' });
    const calls = git.calls();
    const basic = Buffer.from('x-access-token:github_pat_SECRET').toString('base64');
    expect(calls).toContain(`CONFIG http.extraHeader=Authorization: Basic ${basic}`);
    expect(calls).toMatch(
      /^ARGS .*fetch --quiet --no-tags --prune https:\/\/github\.com\/example-society\/site\.git \+refs\/heads\/main:refs\/heads\/main$/m,
    );
    expect(
      calls
        .split('\n')
        .filter((line) => line.startsWith('ARGS'))
        .join('\n'),
    ).not.toContain('SECRET');
    expect(calls).toMatch(/^PROMPT 0$/m);
  });

  it('reads an ssh repository with its deploy key only, and keeps the host keys it met in DEPLOY_DIR', async () => {
    const git = fakeGit();
    const chosen = settings({
      repository: 'git@github.com:example-society/site.git',
      sshKeyFile: "/etc/isa/deploy's key",
    });
    await new Repository(chosen, git.env).fetch();
    const ssh = git.calls().match(/^SSH (.*)$/m)?.[1];
    expect(ssh).toBe(
      `ssh -i '/etc/isa/deploy'\\''s key' -o IdentitiesOnly=yes -o BatchMode=yes -o StrictHostKeyChecking=accept-new -o UserKnownHostsFile='${path.join(chosen.deployDir, 'known_hosts')}'`,
    );
    expect(git.calls()).toMatch(/^CONFIG =$/m);
  });
});
