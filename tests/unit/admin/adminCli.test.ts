import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { AuditLog } from '../../../src/server/admin/auditLog.ts';
import { ACCOUNT_MAX_FAILURES, LoginThrottle } from '../../../src/server/admin/loginThrottle.ts';
import { AdminUsers } from '../../../src/server/admin/users.ts';
import { openDatabase } from '../../../src/server/database.ts';

/** `npm run admin -- ...` as an operator runs it, with the password piped to standard input. */
describe('npm run admin', () => {
  let dataDir: string;
  const run = (args: string[], input = '') =>
    spawnSync(process.execPath, ['scripts/admin.ts', ...args], {
      env: { ...process.env, DATA_DIR: dataDir },
      input,
      encoding: 'utf8',
    });

  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'admin-cli-'));
  });

  describe('refuses, with a one-line reason and a non-zero exit code', () => {
    it.each([
      ['no command', [], '', 2, /^Usage: npm run admin/],
      ['an unknown command', ['make-user', 'asha'], '', 2, /^Unknown command "make-user"/],
      ['add-user without a name', ['add-user'], '', 2, /takes one user name/],
      ['a password under 12 characters', ['add-user', 'asha'], 'eleven char\n', 1, /at least 12 characters/],
      ['a name with a space', ['add-user', 'asha k'], 'a good long password\n', 1, /no spaces/],
      ['no password at all', ['add-user', 'asha'], '', 1, /at least 12 characters/],
      ['removing nobody', ['remove-user', 'nobody'], '', 1, /no user named "nobody"/],
      ['an unknown role', ['add-user', 'asha', '--role', 'admin'], '', 2, /role must be owner or editor/],
      ['a role without its value', ['add-user', 'asha', '--role'], '', 2, /takes one user name/],
      ['a new password for nobody', ['set-password', 'nobody'], 'a good long password\n', 1, /no user named/],
    ])('%s', (_label, args, input, code, message) => {
      const result = run(args, input);
      expect(result.status).toBe(code);
      expect(result.stderr.trim().split('\n')).toHaveLength(1);
      expect(result.stderr).toMatch(message);
    });
  });

  it('says in one line when the store cannot be opened, instead of a stack trace', () => {
    const notAFolder = path.join(dataDir, 'not-a-folder');
    writeFileSync(notAFolder, 'a file where DATA_DIR should be a folder');
    const result = spawnSync(process.execPath, ['scripts/admin.ts', 'list-users'], {
      env: { ...process.env, DATA_DIR: notAFolder },
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(/^Could not open the store in .*not-a-folder: /);
  });

  // Ten runs of the command, each a Node process that hashes or checks a password: on a loaded machine
  // that is more than the usual limit. A store of its own, so that a retry starts from none.
  it(
    'adds, lists, changes and removes users, reading the password from a pipe, and audits each',
    { timeout: 90_000 },
    async () => {
      dataDir = mkdtempSync(path.join(tmpdir(), 'admin-cli-users-'));
      const added = run(['add-user', 'asha'], 'correct horse battery\nignored second line\n');
      expect(added.stderr).toBe('');
      expect(added.status).toBe(0);
      expect(run(['add-user', 'ASHA'], 'correct horse battery\n').stderr).toMatch(/already a user/);
      expect(run(['list-users']).stdout).toMatch(/^asha\towner\t/m);
      expect(run(['add-user', 'bala'], 'correct horse battery\n').stdout).toMatch(/bala as an editor/);
      expect(run(['add-user', 'chitra', '--role', 'owner'], 'correct horse battery\n').status).toBe(0);
      expect(run(['list-users']).stdout).toMatch(/^bala\teditor\t.*\n^chitra\towner\t/m);
      expect(run(['remove-user', 'bala']).status).toBe(0);
      expect(run(['remove-user', 'chitra']).status).toBe(0);

      const { db } = openDatabase(dataDir);
      const users = new AdminUsers(db);
      expect(await users.authenticate('asha', 'correct horse battery')).toBeDefined();
      const throttle = new LoginThrottle(db);
      for (let i = 0; i < ACCOUNT_MAX_FAILURES; i += 1) {
        const reserved = throttle.reserve({ username: 'asha', address: '192.0.2.1' });
        if (reserved.ok) throttle.failed(reserved.reservation);
      }
      expect(throttle.reserve({ username: 'asha', address: '192.0.2.2' }).ok).toBe(false);
      expect(run(['set-password', 'asha'], 'another long password\n').status).toBe(0);
      expect(throttle.reserve({ username: 'asha', address: '192.0.2.2' }).ok).toBe(true);
      expect(await users.authenticate('asha', 'correct horse battery')).toBeUndefined();
      expect(await users.authenticate('asha', 'another long password')).toBeDefined();
      const lastOwner = run(['remove-user', 'asha']);
      expect(lastOwner.status).toBe(1);
      expect(lastOwner.stderr).toMatch(/last owner/);
      expect(users.list().map((user) => user.username)).toEqual(['asha']);
      expect(
        new AuditLog(db)
          .recent()
          .map((row) => row.action)
          .reverse(),
      ).toEqual([
        'user-added',
        'user-added',
        'user-added',
        'user-removed',
        'user-removed',
        'user-password-set',
        'sign-in-unlocked',
      ]);
      db.close();
    },
  );
});
