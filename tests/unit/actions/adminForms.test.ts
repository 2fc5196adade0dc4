/**
 * The admin's forms refused at the edge: each Astro Action's input schema (src/actions/, its rules in
 * src/server/admin/accountFields.ts) refuses a field that breaks a rule with words for the page (formRefusal), before
 * its service is reached. Refusals first; then a form that passes, which reaches its service (so that these tests
 * could fail). The event form's rules are tried in tests/unit/admin/eventForm.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { isInputError } from 'astro:actions';
import { account } from '../../../src/actions/account.ts';
import { formRefusal, FORM_NOT_READ } from '../../../src/actions/adminAction.ts';
import { adminEntry } from '../../../src/actions/entry.ts';
import { messages } from '../../../src/actions/messages.ts';
import { staff } from '../../../src/actions/staff.ts';
import { LINK_PROBLEMS } from '../../../src/server/admin/oneTimeLinks.ts';
import { SETUP_PROBLEMS } from '../../../src/server/admin/setupLink.ts';
import { postForm } from './formAction.ts';

const TOKEN = 'abcdefghijkmnpqrstuvwxyz23456789';
const GOOD = 'a long enough password';

/** The guard's locals, with services that note every use (none, for a refused form). */
function guarded(mode: 'signed-in' | 'signed-out') {
  const used: string[] = [];
  const services = new Proxy(
    {},
    {
      get: (_target, name) => {
        used.push(String(name));
        return new Proxy(() => undefined, { get: () => () => undefined });
      },
    },
  );
  const session = { userId: 1, username: 'asha', role: 'owner', csrfToken: 'x', expiresAt: 0 };
  return { used, admin: { mode, services, session, form: new URLSearchParams() } };
}

type Action = Parameters<typeof postForm<unknown>>[0];

const pages = {
  'admin.staff': '/Admin/staff',
  'admin.account': '/Admin/account',
  'admin.messages': '/Admin/messages/[id]',
  signIn: '/Admin/login',
  forgot: '/Admin/forgot',
  link: '/Admin/link',
  setup: '/Admin/setup',
};

const invite = { username: 'bala', role: 'editor', email: 'bala@example.org' };
const setup = { token: TOKEN, username: 'asha', email: 'asha@example.org', password: GOOD, again: GOOD };
const change = { current: 'the current password', password: GOOD, again: GOOD };

const refusals: [string, Action, keyof typeof pages, Record<string, string>, RegExp | string][] = [
  ['invite: no name', staff.invite, 'admin.staff', { ...invite, username: '' }, /^Fill in the user name\.$/],
  ['invite: a name of spaces', staff.invite, 'admin.staff', { ...invite, username: '   ' }, /is empty/],
  ['invite: a name with a space', staff.invite, 'admin.staff', { ...invite, username: 'bala k' }, /no spaces/],
  ['invite: a name with a slash', staff.invite, 'admin.staff', { ...invite, username: 'bala/k' }, /letters, digits/],
  ['invite: a name too long', staff.invite, 'admin.staff', { ...invite, username: 'b'.repeat(65) }, /at most 64/],
  ['invite: no role', staff.invite, 'admin.staff', { username: 'bala', email: '' }, /choose a role: owner or editor/],
  ['invite: a role no one has', staff.invite, 'admin.staff', { ...invite, role: 'admin' }, /choose a role/],
  ['invite: an address without @', staff.invite, 'admin.staff', { ...invite, email: 'bala.example.org' }, /not valid/],
  [
    'invite: an address too long',
    staff.invite,
    'admin.staff',
    { ...invite, email: `${'b'.repeat(250)}@x.org` },
    /not valid/,
  ],
  ['reset: no name', staff.reset, 'admin.staff', {}, /user name/],
  ['unlock: a name with a space', staff.unlock, 'admin.staff', { username: 'bala k' }, /no spaces/],
  ['remove: a name too long', staff.remove, 'admin.staff', { username: 'b'.repeat(65) }, /at most 64/],
  ['role: a role no one has', staff.role, 'admin.staff', { username: 'bala', role: 'root' }, /choose a role/],
  ['role: no name', staff.role, 'admin.staff', { role: 'owner' }, /user name/],
  ['renew: a link that is not a number', staff.renew, 'admin.staff', { link: 'latest' }, FORM_NOT_READ],
  ['withdraw: link 0', staff.withdraw, 'admin.staff', { link: '0' }, FORM_NOT_READ],
  ['withdraw: a negative link', staff.withdraw, 'admin.staff', { link: '-3' }, FORM_NOT_READ],
  ['withdraw: no link', staff.withdraw, 'admin.staff', {}, FORM_NOT_READ],
  ['answered: a message that is not a number', messages.answered, 'admin.messages', { id: '1e3' }, FORM_NOT_READ],
  ['release: no message', messages.release, 'admin.messages', {}, FORM_NOT_READ],
  ['delete: a message number too long', messages.delete, 'admin.messages', { id: '9'.repeat(16) }, FORM_NOT_READ],
  ['password: no current one', account.password, 'admin.account', { ...change, current: '' }, /Fill in your password/],
  [
    'password: a short new one',
    account.password,
    'admin.account',
    { ...change, password: 'short', again: 'short' },
    /at least 12/,
  ],
  [
    'password: a new one with a space at the end',
    account.password,
    'admin.account',
    { ...change, password: `${GOOD} `, again: `${GOOD} ` },
    /start or end with a space/,
  ],
  ['password: two new ones that differ', account.password, 'admin.account', { ...change, again: `${GOOD}!` }, /differ/],
  ['sign-in: no name', adminEntry.signIn, 'signIn', { username: ' ', password: GOOD }, /Fill in your user name/],
  ['sign-in: a name too long', adminEntry.signIn, 'signIn', { username: 'a'.repeat(65), password: GOOD }, /at most 64/],
  ['sign-in: no password', adminEntry.signIn, 'signIn', { username: 'asha' }, /Fill in your password/],
  [
    'sign-in: an empty password',
    adminEntry.signIn,
    'signIn',
    { username: 'asha', password: '' },
    /Fill in your password/,
  ],
  [
    'sign-in: a password too long',
    adminEntry.signIn,
    'signIn',
    { username: 'asha', password: 'p'.repeat(1025) },
    /far too long/,
  ],
  ['forgot: no name', adminEntry.forgot, 'forgot', {}, /Fill in your user name/],
  [
    'link: a token no link has',
    adminEntry.link,
    'link',
    { token: 'nonsense', password: GOOD, again: GOOD },
    LINK_PROBLEMS.unknown,
  ],
  ['link: no token', adminEntry.link, 'link', { password: GOOD, again: GOOD }, LINK_PROBLEMS.unknown],
  [
    'link: a short password',
    adminEntry.link,
    'link',
    { token: TOKEN, password: 'short', again: 'short' },
    /at least 12/,
  ],
  [
    'link: a password too long',
    adminEntry.link,
    'link',
    { token: TOKEN, password: 'p'.repeat(257), again: 'p'.repeat(257) },
    /at most 256/,
  ],
  [
    'link: two passwords that differ',
    adminEntry.link,
    'link',
    { token: TOKEN, password: GOOD, again: 'another long password' },
    /differ/,
  ],
  ['link: the password once', adminEntry.link, 'link', { token: TOKEN, password: GOOD }, /differ/],
  [
    'setup: a token no link has',
    adminEntry.setup,
    'setup',
    { ...setup, token: TOKEN.toUpperCase() },
    SETUP_PROBLEMS.unknown.text,
  ],
  ['setup: a name with a space', adminEntry.setup, 'setup', { ...setup, username: 'asha k' }, /no spaces/],
  ['setup: an address that is not one', adminEntry.setup, 'setup', { ...setup, email: 'asha@' }, /not valid/],
  [
    'setup: a short password',
    adminEntry.setup,
    'setup',
    { ...setup, password: 'short', again: 'short' },
    /at least 12/,
  ],
  ['setup: two passwords that differ', adminEntry.setup, 'setup', { ...setup, again: `${GOOD}.` }, /differ/],
];

describe('an admin form refuses, in words for the page, before its service is reached', () => {
  it.each(refusals)('%s', async (_label, action, page, fields, words) => {
    const signedIn = page.startsWith('admin.');
    const { used, admin } = guarded(signedIn ? 'signed-in' : 'signed-out');
    const { error } = await postForm(action, { csrf_token: 'x', ...fields }, { admin, routePattern: pages[page] });
    expect(isInputError(error)).toBe(true);
    if (!error) return;
    const refusal = formRefusal(error);
    expect(refusal.message).toMatch(words);
    expect(refusal.message).not.toMatch(/[{}[\]]|expected|Invalid input/);
    expect(used).toEqual([]);
  });
});

describe('a form that keeps the rules reaches its service', () => {
  it.each<[string, Action, keyof typeof pages, Record<string, string>]>([
    ['invite', staff.invite, 'admin.staff', invite],
    ['invite without an address', staff.invite, 'admin.staff', { ...invite, email: '' }],
    ['role', staff.role, 'admin.staff', { username: 'bala', role: 'owner' }],
    ['withdraw', staff.withdraw, 'admin.staff', { link: '12' }],
    ['answered', messages.answered, 'admin.messages', { id: '3', answered: 'true' }],
    ['password', account.password, 'admin.account', change],
    ['sign-in', adminEntry.signIn, 'signIn', { username: 'Asha.K@office', password: 'x' }],
    ['link', adminEntry.link, 'link', { token: TOKEN, password: GOOD, again: GOOD }],
    ['setup', adminEntry.setup, 'setup', setup],
  ])('%s', async (_label, action, page, fields) => {
    const signedIn = page.startsWith('admin.');
    const { used, admin } = guarded(signedIn ? 'signed-in' : 'signed-out');
    const { error } = await postForm(action, { csrf_token: 'x', ...fields }, { admin, routePattern: pages[page] });
    expect(isInputError(error)).toBe(false);
    expect(used).not.toEqual([]);
  });
});
