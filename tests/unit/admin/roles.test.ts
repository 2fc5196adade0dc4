import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { AdminUsers } from '../../../src/server/admin/users.ts';
import { DatabaseSync } from 'node:sqlite';
import { applyMigrations, DATABASE_FILE, openDatabase } from '../../../src/server/database.ts';

/** The store's version before accounts had roles (the fifth migration added them). */
const BEFORE_ROLES = 4;

const PASSWORD = 'a long enough password';

describe('roles', () => {
  let users: AdminUsers;

  beforeEach(() => {
    users = new AdminUsers(openDatabase(mkdtempSync(path.join(tmpdir(), 'admin-roles-'))).db);
  });

  describe('refuses', () => {
    it('to remove the last owner', async () => {
      await users.add('asha', PASSWORD);
      expect(() => users.remove('asha')).toThrow(/last owner/);
    });

    it('to make the last owner an editor', async () => {
      await users.add('asha', PASSWORD);
      expect(() => users.setRole('asha', 'editor')).toThrow(/last owner/);
      expect(users.find('asha')?.role).toBe('owner');
    });

    it('an e-mail address that is not one', async () => {
      await expect(users.add('asha', PASSWORD, { email: 'not an address' })).rejects.toThrow(/e-mail/);
    });
  });

  it('makes the first account an owner and later ones editors, unless told', async () => {
    expect((await users.add('asha', PASSWORD)).role).toBe('owner');
    expect((await users.add('bala', PASSWORD)).role).toBe('editor');
    expect((await users.add('chitra', PASSWORD, { role: 'owner' })).role).toBe('owner');
  });

  it('lets an owner go when another owner stays', async () => {
    await users.add('asha', PASSWORD);
    await users.add('bala', PASSWORD, { role: 'owner' });
    users.setRole('asha', 'editor');
    expect(() => users.remove('bala')).toThrow(/last owner/);
    users.setRole('asha', 'owner');
    users.remove('bala');
    expect(users.list().map((user) => [user.username, user.role])).toEqual([['asha', 'owner']]);
  });

  it('makes the accounts of a store from before roles owners', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'admin-roles-old-'));
    // A store as it was before roles: its first migrations only, whatever was added since.
    const db = new DatabaseSync(path.join(dataDir, DATABASE_FILE));
    applyMigrations(db, BEFORE_ROLES);
    db.exec(`PRAGMA user_version = ${BEFORE_ROLES}`);
    db.prepare("INSERT INTO admin_users (username, password_hash, created_at) VALUES ('old', 'x', '')").run();
    db.close();
    const reopened = new AdminUsers(openDatabase(dataDir).db);
    expect(reopened.find('old')?.role).toBe('owner');
  });
});
