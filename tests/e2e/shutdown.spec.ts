/**
 * Stopping the production server (`npm start`, scripts/start.ts) with SIGTERM, as a process
 * manager does: a request in flight is answered in full, new connections are refused, the store
 * is closed cleanly and the process exits with 0. Runs its own server (on a free port) with its
 * own data folder, since this one is stopped.
 */
import { existsSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { DATABASE_FILE } from '../../src/server/database.ts';
import { HOST, printed, startOwnServer } from './ownServer.ts';

test('SIGTERM finishes the request in flight, refuses new ones, closes the store and exits cleanly', async () => {
  test.setTimeout(90_000);
  const own = await startOwnServer();
  const { port, dataDir, output, exited, process: server } = own;
  try {
    // A request in flight: its headers are in (the server said "100 Continue"), its body is not.
    const body = JSON.stringify({ eventId: 1 });
    const request = http.request({
      host: HOST,
      port,
      method: 'POST',
      path: '/Admin/api/event_details_list',
      agent: false,
      headers: {
        'Content-Type': 'application/json',
        'Content-Length': Buffer.byteLength(body),
        Expect: '100-continue',
        Connection: 'close',
      },
    });
    const answered = new Promise<{ status: number | undefined; text: string }>((resolve, reject) => {
      request.on('response', (response) => {
        let text = '';
        response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode, text }));
      });
      request.on('error', reject);
    });
    await new Promise<void>((resolve) => request.once('continue', resolve));

    server.kill('SIGTERM');
    await printed(server, output, /SIGTERM: finishing requests in flight/);
    await expect(fetch(`http://${HOST}:${port}/healthz`)).rejects.toThrow();

    request.end(body);
    const answer = await answered;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text).records.length).toBeGreaterThan(0);

    expect(await exited).toBe(0);
    // The store was closed: SQLite folds its write-ahead log back into the database and removes it.
    expect(existsSync(path.join(dataDir, DATABASE_FILE))).toBe(true);
    expect(existsSync(path.join(dataDir, `${DATABASE_FILE}-wal`))).toBe(false);
    expect(output.join('')).toMatch(/^POST \/Admin\/api\/event_details_list 200 /m);
  } finally {
    own.kill();
  }
});
