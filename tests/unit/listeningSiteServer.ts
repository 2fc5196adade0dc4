/** The site server (src/server/http/siteServer.ts) of a unit test, listening on a free port of 127.0.0.1. */
import type { AddressInfo } from 'node:net';
import { createSiteServer } from '../../src/server/http/siteServer.ts';

export async function listeningSiteServer(...options: Parameters<typeof createSiteServer>) {
  const app = await createSiteServer(...options);
  await new Promise<void>((resolve) => app.server.listen(0, '127.0.0.1', resolve));
  const { port } = app.server.address() as AddressInfo;
  return { app, server: app.server, port, url: `http://127.0.0.1:${port}` };
}
