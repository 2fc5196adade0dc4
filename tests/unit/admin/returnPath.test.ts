import { describe, expect, it } from 'vitest';
import { safeReturnPath, signInAddress, signInPageOf } from '../../../src/server/admin/returnPath.ts';

describe('safeReturnPath', () => {
  it.each([
    ['another site', 'https://evil.example.org/Admin'],
    ['a scheme-relative address', '//evil.example.org/Admin'],
    ['a backslash a browser reads as a slash', '/\\evil.example.org/Admin'],
    ['a path with a backslash inside', '/Admin\\..\\..\\x'],
    ['a javascript: address', 'javascript:alert(1)'],
    ['a relative path', 'Admin/events/1'],
    ['a public page', '/monthly-activities'],
    ['a path that only starts like the admin', '/Administrator'],
    ['dot segments out of the admin', '/Admin/../Contact-Us'],
    ['encoded dot segments out of the admin', '/Admin/%2e%2e/x'],
    ['the sign-in page', '/Admin/login?next=/Admin'],
    ['sign out', '/Admin/logout'],
    ['a tab in the path', '/Admin/\tevents'],
    ['a new line in the path', '/Admin/events\n/1'],
    ['nothing', ''],
    ['null', null],
    ['a very long path', `/Admin/${'x'.repeat(400)}`],
  ])('refuses %s', (_case, value) => {
    expect(safeReturnPath(value)).toBeUndefined();
  });

  it.each([
    ['/Admin', '/Admin'],
    ['/Admin/', '/Admin'],
    ['/Admin/events/12', '/Admin/events/12'],
    ['/Admin/events/12?done=published', '/Admin/events/12'],
    ['/Admin/events/12?done=created&x=1', '/Admin/events/12?x=1'],
    ['/Admin/staff?_action=admin.staff.invite', '/Admin/staff'],
    ['/Admin/events/new', '/Admin/events/new'],
  ])('takes %s', (value, expected) => {
    expect(safeReturnPath(value)).toBe(expected);
  });
});

describe('signInAddress and signInPageOf', () => {
  it.each([
    ['/Admin/events/3', 'expired', '/Admin/login?next=%2FAdmin%2Fevents%2F3&reason=expired'],
    ['/Admin', 'signed-out', '/Admin/login?reason=signed-out'],
    ['/Admin', undefined, '/Admin/login'],
    ['https://evil.example.org/', undefined, '/Admin/login'],
  ] as const)('the way back to %s (%s) is %s', (path, reason, address) => {
    expect(signInAddress(path, reason)).toBe(address);
  });

  it.each([
    ['next=https%3A%2F%2Fevil.example.org&reason=hacked', undefined, '/Admin'],
    ['next=%2F%2Fevil.example.org', undefined, '/Admin'],
    ['', undefined, '/Admin'],
    ['reason=signed-out', 'You are signed out.', '/Admin'],
    ['next=%2FAdmin%2Fevents%2F3&reason=expired', /session ended.*kept in this browser/, '/Admin/events/3'],
  ])('?%s says %s and leads to %s', (query, message, next) => {
    const page = signInPageOf(new URLSearchParams(query));
    if (message instanceof RegExp) expect(page.message).toMatch(message);
    else expect(page.message).toBe(message);
    expect(page.next).toBe(next);
  });
});
