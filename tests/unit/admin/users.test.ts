import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as argon2 from '@node-rs/argon2';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { HASH_OPTIONS } from '../../../src/server/admin/passwords.ts';
import { Sessions } from '../../../src/server/admin/sessions.ts';
import { AccountError, AdminUsers } from '../../../src/server/admin/users.ts';
import { openDatabase } from '../../../src/server/database.ts';

vi.mock('@node-rs/argon2', async (original) => {
  const real = await original<typeof argon2>();
  return { ...real, verify: vi.fn(real.verify) };
});

const PASSWORD = 'correct horse battery';

describe('AdminUsers', () => {
  let users: AdminUsers;
  let sessions: Sessions;

  beforeAll(async () => {
    const { db } = openDatabase(mkdtempSync(path.join(tmpdir(), 'admin-users-')));
    users = new AdminUsers(db);
    sessions = new Sessions(db);
    await users.add('asha', PASSWORD);
  });

  describe('refuses', () => {
    it.each([
      ['a name with a space', () => users.add('asha k', PASSWORD), /letters, digits/],
      ['an empty name', () => users.add('  ', PASSWORD), /empty/],
      ['a short password', () => users.add('ravi', 'short pass'), /at least 12/],
      ['a name taken in other letter case', () => users.add('ASHA', PASSWORD), /already a user named "ASHA"/],
      ['a new password for nobody', () => users.setPassword('nobody', PASSWORD), /no user named "nobody"/],
      ['a short new password', () => users.setPassword('asha', 'short'), /at least 12/],
    ])('%s', async (_label, act, message) => {
      await expect(act()).rejects.toThrow(AccountError);
      await expect(act()).rejects.toThrow(message);
    });

    it('to remove nobody', () => {
      expect(() => users.remove('nobody')).toThrow(/no user named/);
    });
  });

  it('authenticates by name in any letter case and the right password only', async () => {
    expect((await users.authenticate('ASHA', PASSWORD))?.username).toBe('asha');
    expect(await users.authenticate('asha', 'correct horse batterz')).toBeUndefined();
    expect(await users.authenticate('nobody', PASSWORD)).toBeUndefined();
    expect(await users.authenticate('not a valid name!', PASSWORD)).toBeUndefined();
  });

  it('verifies an unknown name against a dummy hash of the same strength, so timing tells nothing', async () => {
    const verify = vi.mocked(argon2.verify);
    verify.mockClear();
    await users.authenticate('nobody', PASSWORD);
    await users.authenticate('asha', 'wrong password here');
    expect(verify).toHaveBeenCalledTimes(2);
    const parameters = verify.mock.calls.map(([hash]) => String(hash).split('$').slice(1, 4).join('$'));
    expect(parameters[0]).toBe(parameters[1]);
    expect(parameters[0]).toBe(`argon2id$v=19$m=${HASH_OPTIONS.memoryCost},t=${HASH_OPTIONS.timeCost},p=1`);
  });

  it('ends every session of a user whose password changes or who is removed', async () => {
    const user = await users.add('meena', PASSWORD);
    const { token } = sessions.create(user.id);
    await users.setPassword('meena', 'another long password');
    expect(sessions.validate(token)).toBeUndefined();
    expect(await users.authenticate('meena', 'another long password')).toBeDefined();
    const again = sessions.create(user.id);
    users.remove('meena');
    expect(sessions.validate(again.token)).toBeUndefined();
    expect(users.list().map((listed) => listed.username)).toEqual(['asha']);
  });
});
