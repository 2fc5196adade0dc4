/**
 * A release's server when `npm run deploy` runs it: a worker of the deploy's Node cluster
 * (src/deploy/liveRelease.ts has the other side), as PM2's reload runs an app. The two sides are two
 * versions of the code (the deploy's, installed on the server, and the release's, a merged commit's):
 * DEPLOY_PROTOCOL names the shape of their messages, the release's manifest carries it
 * (src/artifact/manifest.ts) and its first message repeats it, and the deploy starts no release of
 * another. It first listens on
 * a private loopback port of its own, where the deploy checks it; only when told "go-live" does it
 * take connections from the site's port, which the cluster shares between the releases that listen
 * on it, the old one until it is told "drain". Draining, it stops taking new connections, answers
 * every further request on an open one with `Connection: close`, and exits once its last
 * connection has ended (a kept-alive one at its idle timeout, as any day), so that no request in
 * flight is lost.
 */
import cluster from 'node:cluster';
import type http from 'node:http';
import net from 'node:net';

/** The shape of the messages below; change it with any change to them. */
export const DEPLOY_PROTOCOL = 2;

/** What the deploy tells a release. */
export type ToRelease =
  { type: 'go-live' } | { type: 'drain' } | { type: 'notify-owners'; subject: string; text: string };

/** What a release tells the deploy. */
export type FromRelease =
  | { type: 'ready'; protocol: number; port: number; routes: readonly string[] }
  | { type: 'live' }
  /** Look for a new release now (GitHub's webhook; `delivery` is its X-GitHub-Delivery). */
  | { type: 'check'; delivery?: string | undefined }
  /** Try the last failed release again (an owner's button on /Admin/system). */
  | { type: 'retry' }
  | { type: 'notified'; sent: number; error?: string };

/** The longest a draining release waits for its connections before closing them. */
const DRAIN_LIMIT_MS = 30_000;

/** Whether this process is a release run by `npm run deploy`. */
export function underDeploy(commit: string | undefined): boolean {
  return cluster.isWorker && typeof process.send === 'function' && commit !== undefined;
}

/** Tells the deploy `message`; nothing when the deploy has gone. */
export function tellDeploy(message: FromRelease): void {
  if (process.connected) process.send?.(message);
}

/** Whether `value` is a message of either side (an object with a `type`); each side reads only the types it knows. */
export const isMessage = <T extends { type: string }>(value: unknown): value is T =>
  typeof value === 'object' && value !== null && typeof Reflect.get(value, 'type') === 'string';

export interface ReleaseOptions {
  host: string;
  port: number;
  /** The routes the deploy checks before visitors come (the site's fixed routes). */
  routes: readonly string[];
  /** E-mails the site's owners (the deploy's news); gives how many were sent. */
  notifyOwners: (subject: string, text: string) => Promise<number>;
  /** Closes what the server holds (the store) after the last request. */
  close: () => Promise<void>;
}

/** What a release needs of its Fastify app. */
interface ReleaseApp {
  server: http.Server;
  listen(options: { host: string; port: number; exclusive: boolean }): PromiseLike<unknown>;
  close(): PromiseLike<unknown>;
}

/** Serves `app` as a release: the private port first, the site's port once the deploy says so. */
export async function serveRelease(app: ReleaseApp, options: ReleaseOptions): Promise<void> {
  let front: net.Server | undefined;
  let draining = false;
  // Before Fastify's own handler: an answer sent while draining ends its connection.
  app.server.prependListener('request', (_request: http.IncomingMessage, response: http.ServerResponse) => {
    if (draining) response.setHeader('Connection', 'close');
  });

  const drain = () => {
    if (draining) return;
    draining = true;
    const stop = () =>
      void Promise.resolve(app.close())
        .then(options.close)
        .finally(() => process.exit(0));
    const limit = setTimeout(() => {
      app.server.closeAllConnections();
      stop();
    }, DRAIN_LIMIT_MS);
    limit.unref();
    if (!front) return stop();
    // Called once every connection taken from the site's port has ended.
    front.close(() => {
      clearTimeout(limit);
      stop();
    });
  };

  const goLive = () => {
    if (front || draining) return;
    // Connections from the site's port (shared by the cluster) are handed to Fastify's own server.
    front = net.createServer((socket) => app.server.emit('connection', socket));
    front.listen({ host: options.host, port: options.port }, () => tellDeploy({ type: 'live' }));
  };

  process.on('message', (message: unknown) => {
    if (!isMessage<ToRelease>(message)) return;
    if (message.type === 'go-live') goLive();
    else if (message.type === 'drain') drain();
    else if (message.type === 'notify-owners') {
      options.notifyOwners(message.subject, message.text).then(
        (sent) => tellDeploy({ type: 'notified', sent }),
        (error: unknown) => tellDeploy({ type: 'notified', sent: 0, error: String(error) }),
      );
    }
  });
  // The deploy stopped (or systemd stops every process of the service): finish, then exit.
  process.once('disconnect', drain);
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, drain);

  await app.listen({ host: '127.0.0.1', port: 0, exclusive: true });
  const address = app.server.address();
  if (typeof address !== 'object' || !address) throw new Error('The release has no private port');
  tellDeploy({ type: 'ready', protocol: DEPLOY_PROTOCOL, port: address.port, routes: options.routes });
}
