/**
 * `npm run admin -- COMMAND`: the accounts of the events admin, in the store in DATA_DIR.
 *   add-user NAME [--role owner|editor]
 *                        makes an account (asks for its password); the first account is an
 *                        owner, later ones editors unless --role says otherwise
 *   set-password NAME    gives it a new password (signs it out everywhere, lifts its sign-in lock,
 *                        voids its reset links not yet used)
 *   remove-user NAME     removes it (and signs it out, and voids the links for it or made by it);
 *                        never the last owner
 *   list-users           lists the accounts and their roles
 * The password is read from standard input (its first line) when that is not a terminal, as in
 * `printf '%s\n' "$PASSWORD" | npm run admin -- add-user asha`; at a terminal it is asked for
 * twice, without echo, and again after one too short or two that differ (passwordPrompt.ts).
 * Exit code 0 on success; otherwise 1 (or 2 for a wrong command) and one line saying why. The
 * server may run meanwhile: the store takes both.
 * It acts on the running site's store, read from the server's settings, and says which; it never makes
 * a new store where the site's is expected (src/server/cliSettings.ts).
 */
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { AuditLog } from '../src/server/admin/auditLog.ts';
import { askNewPassword } from '../src/server/admin/passwordPrompt.ts';
import { LoginThrottle } from '../src/server/admin/loginThrottle.ts';
import { isAdminRole, type AdminRole } from '../src/server/admin/roles.ts';
import { AccountError, AdminUsers } from '../src/server/admin/users.ts';
import { startCommand } from '../src/server/cliSettings.ts';
import { openDatabase } from '../src/server/database.ts';

const USAGE =
  'Usage: npm run admin -- add-user NAME [--role owner|editor] | set-password NAME | remove-user NAME | list-users';
const WHO = 'command line';

function fail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

/** The first line of standard input (a pipe or a file). */
async function readLine(): Promise<string> {
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  for await (const line of lines) {
    lines.close();
    return line;
  }
  return '';
}

/** Asks for a line at the terminal without showing what is typed: readline edits it, its echo goes nowhere. */
async function askHidden(question: string): Promise<string> {
  process.stdout.write(question);
  const silent = new Writable({ write: (_chunk, _encoding, done) => done() });
  const lines = createInterface({ input: process.stdin, output: silent, terminal: true });
  try {
    return await new Promise<string>((resolve, reject) => {
      lines.once('line', resolve);
      lines.once('SIGINT', () => reject(new Error('Cancelled.')));
      lines.once('close', () => reject(new Error('Cancelled.')));
    });
  } finally {
    lines.close();
    process.stdout.write('\n');
  }
}

async function newPassword(): Promise<string> {
  if (!process.stdin.isTTY) return readLine();
  const password = await askNewPassword(askHidden, (line) => console.error(line));
  return password ?? fail('No password was chosen; nothing was changed.');
}

/** The store in `dataDir`, or one line saying why it cannot be opened (a folder without write access, a broken file). */
function openStore(dataDir: string): ReturnType<typeof openDatabase> {
  try {
    return openDatabase(dataDir);
  } catch (error) {
    fail(`Could not open the store in ${dataDir}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

const [command, name, ...rest] = process.argv.slice(2);
if (!command || command === '--help' || command === '-h') fail(USAGE, command ? 0 : 2);
const needsName = ['add-user', 'set-password', 'remove-user'].includes(command);
if (!needsName && command !== 'list-users') fail(`Unknown command "${command}". ${USAGE}`, 2);
let role: AdminRole | undefined;
if (command === 'add-user' && rest[0] === '--role' && rest.length === 2) {
  const wanted = rest[1];
  if (!isAdminRole(wanted)) fail(`The role must be owner or editor. ${USAGE}`, 2);
  role = wanted;
  rest.length = 0;
}
if (needsName && (!name || name.startsWith('--') || rest.length > 0))
  fail(`${command} takes one user name. ${USAGE}`, 2);

const { dataDir } = startCommand((line) => console.info(line));
const { db } = openStore(dataDir);
const users = new AdminUsers(db);
const audit = new AuditLog(db);
try {
  if (command === 'list-users') {
    const all = users.list();
    if (all.length === 0) console.info(`No users yet in ${dataDir}. Add one with: npm run admin -- add-user NAME`);
    for (const user of all) console.info(`${user.username}\t${user.role}\t(added ${user.createdAt.slice(0, 10)})`);
  } else if (name && command === 'add-user') {
    const user = await users.add(name, await newPassword(), { role });
    audit.record({ username: WHO, action: 'user-added', detail: `${user.username} (${user.role})` });
    console.info(
      `Added ${user.username} as ${user.role === 'owner' ? 'an owner' : 'an editor'}. They can sign in at /Admin.`,
    );
  } else if (name && command === 'set-password') {
    await users.setPassword(name, await newPassword());
    audit.record({ username: WHO, action: 'user-password-set', detail: name });
    if (new LoginThrottle(db).lift(name)) {
      audit.record({ username: name, action: 'sign-in-unlocked', detail: 'by npm run admin -- set-password' });
    }
    console.info(
      `The password of ${name} is changed; their open sessions have ended and their sign-in lock is lifted.`,
    );
  } else if (name && command === 'remove-user') {
    const { forIt, madeByIt } = users.remove(name);
    const voided = forIt + madeByIt;
    audit.record({ username: WHO, action: 'user-removed', detail: voided ? `${name}; ${voided} links voided` : name });
    console.info(
      `Removed ${name}; their open sessions have ended${voided ? ` and ${voided} links for or by them no longer work` : ''}.`,
    );
  }
} catch (error) {
  db.close();
  if (error instanceof AccountError || (error instanceof Error && error.message === 'Cancelled.')) fail(error.message);
  fail(`Could not change the accounts in ${dataDir}: ${error instanceof Error ? error.message : String(error)}`);
}
db.close();
