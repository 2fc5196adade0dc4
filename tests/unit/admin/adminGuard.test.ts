import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminAccessOf, guardWith } from '../../../src/server/admin/adminGuard.ts';
import { createOfficeServices, type AdminServices } from '../../../src/server/admin/adminServices.ts';
import { openDatabase } from '../../../src/server/database.ts';

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

describe('the same-origin check of every admin change', () => {
  const PUBLIC_ORIGIN = 'https://isa.example.org';
  let services: AdminServices;

  beforeAll(() => {
    services = createOfficeServices(openDatabase(mkdtempSync(path.join(tmpdir(), 'admin-origin-'))).db, {
      publicOrigin: PUBLIC_ORIGIN,
    });
  });

  /** A sign-in form post to `url` (its Host), saying it comes from `origin`. */
  const signInPost = (url: string, origin: string | undefined) => {
    const request = new Request(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...(origin && { Origin: origin }) },
      body: 'username=asha&password=x',
    });
    const cookies = { get: () => undefined, set: () => undefined, delete: () => undefined };
    return guardWith(services, { request, url: new URL(url), cookies }, 'sign-in');
  };

  it.each([
    ['its forged Host', 'http://evil.example/Admin/login', 'http://evil.example'],
    [
      'a trusted proxy’s forged X-Forwarded-Host (as the request’s URL)',
      'https://evil.example/Admin/login',
      'https://evil.example',
    ],
    ['the address it reached directly', 'http://127.0.0.1:4321/Admin/login', 'http://127.0.0.1:4321'],
    ['no origin at all', 'https://isa.example.org/Admin/login', undefined],
  ])('refuses a post whose Origin is %s, not the public origin (403)', async (_what, url, origin) => {
    const answer = await signInPost(url, origin);
    expect(answer instanceof Response ? answer.status : answer.mode).toBe(403);
  });

  it('takes a post from the public origin, whatever Host it reached', async () => {
    expect(await signInPost('http://evil.example/Admin/login', PUBLIC_ORIGIN)).toMatchObject({ mode: 'signed-out' });
  });
});
