import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildInUse, currentBuild, markInUse } from '../../src/server/builtSite.ts';

describe('the build a server runs', () => {
  it('is the folder dist links to, resolved once', () => {
    const project = mkdtempSync(path.join(tmpdir(), 'isa-built-'));
    mkdirSync(path.join(project, 'builds/one'), { recursive: true });
    symlinkSync('builds/one', path.join(project, 'dist'));
    expect(currentBuild(project)).toBe(path.join(project, 'builds/one'));
  });

  it('is in use while a running process marks it, and not for a process that has gone', () => {
    const build = mkdtempSync(path.join(tmpdir(), 'isa-build-'));
    expect(buildInUse(build)).toBe(false);
    mkdirSync(path.join(build, '.served-by'));
    // A process number no process has (above the kernel's pid_max), and a name that is no number.
    writeFileSync(path.join(build, '.served-by', '99999999'), '');
    writeFileSync(path.join(build, '.served-by', 'notes'), '');
    expect(buildInUse(build)).toBe(false);
    markInUse(build);
    expect(buildInUse(build)).toBe(true);
  });
});
