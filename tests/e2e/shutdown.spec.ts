/**
 * Stopping the production server (`npm start`, scripts/start.ts) with SIGTERM, as a process
 * manager does: a request in flight is answered in full, new connections are refused, the store
 * is closed cleanly and the process exits with 0. Runs its own server (on a free port) with its
 * own data folder, since this one is stopped.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { DATABASE_FILE } from '../../src/server/database.ts';

const root = path.resolve(import.meta.dirname, '../..');
const HOST = '127.0.0.1';

/** A port nothing listens on now (the system picks it). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, HOST, () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Resolves once the server has printed a line matching `pattern`. */
function printed(server: ChildProcessWithoutNullStreams, output: string[], pattern: RegExp): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = () => {
      if (pattern.test(output.join(''))) resolve();
    };
    server.stdout.on('data', check);
    server.once('exit', (code) => reject(new Error(`The server exited (${code}) before printing ${pattern}`)));
    check();
  });
}

test('SIGTERM finishes the request in flight, refuses new ones, closes the store and exits cleanly', async () => {
  test.setTimeout(90_000);
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'isa-shutdown-'));
  const server = spawn(process.execPath, ['scripts/start.ts'], {
    cwd: root,
    env: { ...process.env, HOST, PORT: String(port), DATA_DIR: dataDir },
  });
  const output: string[] = [];
  server.stdout.setEncoding('utf8').on('data', (chunk: string) => output.push(chunk));
  server.stderr.setEncoding('utf8').on('data', (chunk: string) => output.push(chunk));
  const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
  try {
    await printed(server, output, /Serving the site on/);

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
    if (server.exitCode === null) server.kill('SIGKILL');
  }
});
