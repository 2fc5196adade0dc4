/** Cross-site form posts are refused; the events contract's body-less call is not (src/server/http/originCheck.ts). */
import { expect, test } from '@playwright/test';

test('events_list answers a POST with no body, no Content-Type and no Origin, as another server sends it', async ({
  request,
}) => {
  const response = await request.fetch('/Admin/api/events_list', { method: 'POST' });
  expect(response.status()).toBe(200);
  expect(Array.isArray((await response.json()).records)).toBe(true);
});

test('a form post to an on-demand route from another site gets a 403 with a JSON error', async ({ request }) => {
  const response = await request.post('/Admin/api/events_list', {
    form: { eventId: '1' },
    headers: { Origin: 'https://evil.example.net' },
  });
  expect(response.status()).toBe(403);
  expect(await response.json()).toEqual({ error: 'Forms on this site can only be sent from its own pages' });
});

test('events_list answers a body-less call as it answers one with a JSON body', async ({ request }) => {
  // Body-less, as the Monthly Activities page and the events contract send it (src/server/api/eventsApi.ts).
  const ready = await request.fetch('/Admin/api/events_list', { method: 'POST' });
  // With a JSON body: the same route (src/server/api/eventsRoutes.ts), the same answer.
  const endpoint = await request.post('/Admin/api/events_list', { data: {} });
  expect(ready.status()).toBe(200);
  expect(endpoint.status()).toBe(200);
  expect(await ready.json()).toEqual(await endpoint.json());
  for (const header of ['content-type', 'cache-control', 'content-security-policy', 'x-content-type-options']) {
    expect(ready.headers()[header]).toBe(endpoint.headers()[header]);
  }
});
