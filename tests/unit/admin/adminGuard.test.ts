import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { adminAccessOf } from '../../../src/server/admin/adminGuard.ts';

describe('adminAccessOf: refuse by default', () => {
  it.each([
    ['/Admin', 'page'],
    ['/Admin/', 'page'],
    ['/admin', 'page'],
    ['/ADMIN/events/3', 'page'],
    ['/Admin/audit', 'page'],
    ['/Admin/anything-added-later', 'page'],
    ['/Admin/api/something-new', 'page'],
    ['/Admin/login', 'sign-in'],
    ['/Admin/forgot', 'signed-out-page'],
    ['/admin/link/', 'signed-out-page'],
    ['/Admin/link/extra', 'page'],
    ['/Admin/staff', 'page'],
    ['/Admin/messages/1', 'page'],
    ['/Admin/edit/events/3/photos', 'endpoint'],
    ['/admin/EDIT/events/3/photos/4', 'endpoint'],
    ['/Admin/api/events_list', 'open'],
    ['/Admin/api/event_details_list', 'open'],
    ['/Admin/uploads/events/3/a.jpg', 'open'],
    ['/Administration', undefined],
    ['/monthly-activities', undefined],
    ['/', undefined],
  ])('%s is %s', (pathname, access) => {
    expect(adminAccessOf(pathname)).toBe(access);
  });
});

describe('admin pages', () => {
  const root = path.resolve(import.meta.dirname, '../../../src/pages/Admin');
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((file) => /\.(astro|ts)$/.test(file));

  it.each(files)('%s is rendered on demand, so the guard in the middleware sees every request', (file) => {
    expect(readFileSync(path.join(root, file), 'utf8')).toMatch(/^export const prerender = false;$/m);
  });

  it('are not imported by any public page', () => {
    const pages = path.resolve(root, '..');
    const publicFiles = readdirSync(pages, { recursive: true, encoding: 'utf8' }).filter(
      (file) => /\.(astro|ts)$/.test(file) && !file.startsWith('Admin'),
    );
    for (const file of publicFiles) {
      expect(readFileSync(path.join(pages, file), 'utf8'), file).not.toMatch(
        /server\/admin|islands\/admin|AdminLayout/,
      );
    }
  });
});
