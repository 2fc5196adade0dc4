/**
 * The running deploy's control socket, DEPLOY_DIR/deploy.sock (a Unix socket, reachable only by who
 * may enter DEPLOY_DIR): `npm run deploy -- status`, `rollback`, `check` and `retry` ask it, one JSON
 * line each way. It is also the lock of DEPLOY_DIR: a second deploy finds it answering and refuses to
 * start; a socket file left by a deploy that died answers nothing and is replaced.
 */
import { existsSync, unlinkSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { jsonWith } from '../lib/jsonWith.ts';

/** Unix socket paths are limited to about 107 bytes. */
const MAX_SOCKET_PATH = 100;

const requestSchema = z.object({ command: z.enum(['status', 'rollback', 'check', 'retry']) });
const answerSchema = z.object({ ok: z.boolean(), message: z.string() });
export type ControlRequest = z.output<typeof requestSchema>;
export type ControlAnswer = z.output<typeof answerSchema>;

export class DeployRunningError extends Error {
  override name = 'DeployRunningError';
}

const socketPath = (deployDir: string) => path.join(deployDir, 'deploy.sock');

/** Sends `request` to the deploy running on `deployDir`; undefined when none answers. */
export function askDeploy(
  deployDir: string,
  request: ControlRequest,
  timeoutMs = 120_000,
): Promise<ControlAnswer | undefined> {
  return new Promise((resolve) => {
    const socket = net.connect(socketPath(deployDir));
    let text = '';
    socket.setTimeout(timeoutMs, () => socket.destroy());
    socket.once('error', () => resolve(undefined));
    socket.on('data', (chunk) => (text += chunk.toString('utf8')));
    socket.once('close', () => resolve(jsonWith(answerSchema, text)));
    socket.end(`${JSON.stringify(request)}\n`);
  });
}

/**
 * Takes DEPLOY_DIR for this deploy and answers requests with `handle`; throws DeployRunningError
 * when another deploy answers there. Gives the function that closes the socket.
 */
export async function holdDeployDir(
  deployDir: string,
  handle: (request: ControlRequest) => Promise<ControlAnswer>,
): Promise<() => void> {
  const file = socketPath(deployDir);
  if (file.length > MAX_SOCKET_PATH) {
    throw new Error(`DEPLOY_DIR's path is too long for the deploy's control socket (${file}); choose a shorter one`);
  }
  if (existsSync(file)) {
    if (await askDeploy(deployDir, { command: 'status' }, 5000)) {
      throw new DeployRunningError(
        `Another deploy is already running on ${deployDir}: stop it first, or ask it with "npm run deploy -- status".`,
      );
    }
    unlinkSync(file); // Left by a deploy that stopped without closing it.
  }
  // Half-open: the asker ends its side after its request; the answer may take a switch's time.
  const server = net.createServer({ allowHalfOpen: true }, (socket) => {
    let text = '';
    socket.on('data', (chunk) => {
      if (text.includes('\n')) return;
      text += chunk.toString('utf8');
      if (!text.includes('\n')) return;
      const request = jsonWith(requestSchema, text.slice(0, text.indexOf('\n')));
      const answer = request
        ? handle(request).catch((error: unknown) => ({ ok: false, message: String(error) }))
        : Promise.resolve({ ok: false, message: 'not a request the deploy knows' });
      void answer.then((reply) => socket.end(`${JSON.stringify(reply)}\n`));
    });
    socket.on('end', () => {
      if (!text.includes('\n')) socket.end(`${JSON.stringify({ ok: false, message: 'no request' })}\n`);
    });
    socket.on('error', () => socket.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new DeployRunningError(`Another deploy is starting on ${deployDir}; stop it first.`)
          : error,
      ),
    );
    server.listen(file, resolve);
  });
  return () => server.close();
}
