import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { AdminUsers } from '../../src/server/admin/users.ts';
import { readCliSettings, requireSiteStore, startCommand } from '../../src/server/cliSettings.ts';
import { openDatabase } from '../../src/server/database.ts';

const temporary = (name: string) => mkdtempSync(path.join(tmpdir(), `cli-settings-${name}-`));

describe('the commands’ settings', () => {
  it('reads ENV_FILE, then the systemd file, then .env; the environment wins over the file', () => {
    const project = temporary('project');
    const systemFile = path.join(temporary('etc'), 'isa-site.env');
    writeFileSync(path.join(project, '.env'), 'DATA_DIR=local-data\n');
    expect(readCliSettings({}, project, systemFile)).toMatchObject({
      file: path.join(project, '.env'),
      dataDir: path.join(project, 'local-data'),
    });
    writeFileSync(systemFile, '# the service\nDATA_DIR=/var/lib/isa-site\nSMTP_URL="smtp://mail.example.org"\n');
    const system = readCliSettings({}, project, systemFile);
    expect(system).toMatchObject({ file: systemFile, dataDir: '/var/lib/isa-site' });
    expect(system.env['SMTP_URL']).toBe('smtp://mail.example.org');
    expect(system.storeExpected).toContain(systemFile);
    const named = path.join(project, 'site.env');
    writeFileSync(named, 'NODE_ENV=production\n');
    const chosen = readCliSettings({ ENV_FILE: 'site.env', DATA_DIR: '/srv/data' }, project, systemFile);
    expect(chosen).toMatchObject({ file: named, dataDir: '/srv/data', storeExpected: 'NODE_ENV=production' });
    expect(() => readCliSettings({ ENV_FILE: 'missing.env' }, project, systemFile)).toThrow(/does not exist/);
  });

  it("hands the settings to the command as values, and leaves the process's environment as it was", () => {
    const project = temporary('values');
    const file = path.join(project, 'site.env');
    writeFileSync(file, 'DATA_DIR=local-data\nBACKUP_DIR=/srv/backups\n');
    vi.stubEnv('ENV_FILE', file);
    vi.stubEnv('DATA_DIR', ''); // Blank: unset, so the file's counts.
    try {
      const before = { ...process.env };
      const said: string[] = [];
      const settings = startCommand((line) => said.push(line), { needsStore: false, projectDir: project });
      expect(settings.dataDir).toBe(path.join(project, 'local-data'));
      expect(settings.env['BACKUP_DIR']).toBe('/srv/backups');
      expect(said).toEqual([`Store: DATA_DIR=${path.join(project, 'local-data')} (settings from ${file}).`]);
      expect(process.env).toEqual(before);
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('in development (no file, not production) may make a store; otherwise a missing one is refused', () => {
    const project = temporary('dev');
    const development = readCliSettings({}, project, '/nonexistent/isa-site.env');
    expect(development.storeExpected).toBeUndefined();
    expect(() => requireSiteStore(development)).not.toThrow();
    const production = readCliSettings({ NODE_ENV: 'production' }, project, '/nonexistent/isa-site.env');
    expect(() => requireSiteStore(production)).toThrow(/no store in DATA_DIR=.*NODE_ENV=production/);
  });

  it('npm run admin acts on the store the settings file names, says which, and refuses a missing one', async () => {
    const store = temporary('store');
    const users = new AdminUsers(openDatabase(store).db);
    await users.add('asha', 'a long owner password');
    const file = path.join(temporary('env'), 'site.env');
    writeFileSync(file, `NODE_ENV=production\nDATA_DIR=${store}\n`);
    const run = (env: Record<string, string>) =>
      spawnSync(process.execPath, ['scripts/admin.ts', 'list-users'], {
        env: { ...process.env, DATA_DIR: '', ...env },
        encoding: 'utf8',
      });
    const listed = run({ ENV_FILE: file });
    expect(listed.status).toBe(0);
    expect(listed.stdout).toContain(`Store: DATA_DIR=${store} (settings from ${file})`);
    expect(listed.stdout).toMatch(/^asha\towner/m);

    const wrong = path.join(temporary('wrong'), 'data');
    const refused = run({ ENV_FILE: file, DATA_DIR: wrong });
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/no store in DATA_DIR=.*a running site's store is expected \(.*sets DATA_DIR/);
    expect(existsSync(wrong)).toBe(false);
  });
});
