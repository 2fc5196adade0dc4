/** A fake server of a unit test (an events backend, a release source) on a free port of 127.0.0.1. */
import type { Server } from 'node:http';

/** Starts `server` listening and returns its origin, `http://127.0.0.1:<port>`. */
export async function listenLocally(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || !address) throw new Error('The fake server is not listening');
  return `http://127.0.0.1:${address.port}`;
}
