/**
 * The events API under `astro dev` (src/integrations/devEventsApi.ts): a route injected for
 * development only, answering the API's paths with the same code as the site server's routes.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIContext, AstroIntegration } from 'astro';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { devEventsApi } from '../../src/integrations/devEventsApi.ts';

type Setup = NonNullable<AstroIntegration['hooks']['astro:config:setup']>;

/** The routes the integration injects when Astro runs `command`. */
async function injectedFor(command: 'dev' | 'build' | 'preview' | 'sync') {
  const injectRoute = vi.fn();
  const setup = devEventsApi().hooks['astro:config:setup'] as Setup;
  await setup({ command, injectRoute } as unknown as Parameters<Setup>[0]);
  return injectRoute.mock.calls.map(([route]) => route as { pattern: string; entrypoint: URL; prerender: boolean });
}

describe('devEventsApi', () => {
  it('injects the API’s route under astro dev only, on-demand, at an entry that exists', async () => {
    const [route, ...more] = await injectedFor('dev');
    expect(more).toEqual([]);
    expect(route).toMatchObject({ pattern: '/Admin/api/[call]', prerender: false });
    expect(existsSync(fileURLToPath(route?.entrypoint ?? ''))).toBe(true);
    for (const command of ['build', 'preview', 'sync'] as const) expect(await injectedFor(command)).toEqual([]);
  });
});

describe('the injected route', () => {
  let dataDir: string;
  let ALL: (context: APIContext) => Promise<Response> | Response;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'dev-events-api-'));
    vi.stubEnv('DATA_DIR', dataDir);
    vi.spyOn(console, 'info').mockImplementation(() => {});
    ({ ALL } = (await import('../../src/integrations/devEventsApi/endpoint.ts')) as unknown as {
      ALL: typeof ALL;
    });
  });

  afterAll(async () => {
    const { getServices } = await import('../../src/server/services.ts');
    await (await getServices()).close();
    rmSync(dataDir, { recursive: true, force: true });
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });

  const call = (pathname: string, init: RequestInit = { method: 'POST' }) => {
    const request = new Request(`http://127.0.0.1:4321${pathname}`, init);
    return ALL({ request, url: new URL(request.url) } as APIContext);
  };

  it('answers events_list and event_details_list as the site server does', async () => {
    const list = await call('/Admin/api/events_list');
    expect(list.status).toBe(200);
    const { records } = (await list.json()) as { records: { events_id: number }[] };
    expect(records.length).toBeGreaterThan(0);
    const details = await call('/Admin/api/event_details_list/', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ eventId: records[0]?.events_id }),
    });
    expect(details.status).toBe(200);
    expect(((await details.json()) as { records: unknown[] }).records.length).toBeGreaterThan(0);
    const get = await call('/Admin/api/events_list', { method: 'GET' });
    expect([get.status, get.headers.get('allow')]).toEqual([405, 'POST']);
  });

  it('answers 404 for any other path it is handed', async () => {
    expect((await call('/Admin/api/events')).status).toBe(404);
  });
});
