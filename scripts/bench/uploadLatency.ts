/**
 * What an editor's large upload costs visitors (two 120-megapixel 16-bit PNGs, 17 s of decoding each, took
 * a public page from 18 to 137 ms): a production server of its own (`node scripts/start.ts`, sample events, an
 * account made with `npm run admin`) is asked for a public page again and again, first alone, then while the account
 * uploads photos to an event through the admin's upload endpoint (signed in, with its CSRF token, as the admin page
 * does: all at once). The figures are the median and 90th percentile of the page's time, alone and meanwhile.
 *
 * Used by `npm run bench -- --only uploads` (scripts/bench/uploads.ts).
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';

const root = path.resolve(import.meta.dirname, '../..');
const USER = 'bench';
const PASSWORD = 'a long bench password';

/** A PNG of `megapixels` at 16 bits a channel: a gradient, so that it stays a few MB (under the 20 MB limit). */
export async function largePng(megapixels: number): Promise<Buffer> {
  const side = Math.floor(Math.sqrt(megapixels * 1_000_000));
  return sharp({ create: { width: side, height: side, channels: 3, background: '#3a7d9c' } })
    .linear(1.01, 0)
    .toColourspace('rgb16')
    .png({ compressionLevel: 9 })
    .toBuffer();
}

interface Latencies {
  /** Milliseconds, each request's. */
  times: number[];
  median: number;
  p90: number;
}

function summary(times: number[]): Latencies {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (share: number) => sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? NaN;
  return { times, median: at(0.5), p90: at(0.9) };
}

/** Asks for `url` one request after another until `until()` is true, at least `minimum` times. */
async function timed(url: string, until: () => boolean, minimum: number): Promise<Latencies> {
  const times: number[] = [];
  while (times.length < minimum || !until()) {
    const started = performance.now();
    const answer = await fetch(url);
    await answer.arrayBuffer();
    if (!answer.ok) throw new Error(`${url} answered ${answer.status}`);
    times.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return summary(times);
}

export interface UploadLatency {
  alone: Latencies;
  meanwhile: Latencies;
  /** Seconds the uploads took, all at once. */
  uploadSeconds: number;
  /** Each upload's HTTP status and JSON answer. */
  answers: { status: number; body: string }[];
}

/** Starts the server, signs in, and measures `page` alone and while `photos` are uploaded at once. */
export async function measureUploadLatency(
  photos: Buffer[],
  { port, page = '/monthly-activities', samples = 40 }: { port: number; page?: string; samples?: number },
): Promise<UploadLatency> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'isa-upload-latency-'));
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['scripts/start.ts'], {
    cwd: root,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (let attempt = 0; ; attempt += 1) {
      if (
        await fetch(`${base}/healthz`).then(
          (answer) => answer.ok,
          () => false,
        )
      )
        break;
      if (attempt > 240 || server.exitCode !== null) throw new Error('The server did not start');
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const added = spawnSync(process.execPath, ['scripts/admin.ts', 'add-user', USER, '--role', 'editor'], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir },
      input: `${PASSWORD}\n`,
      encoding: 'utf8',
    });
    if (added.status !== 0) throw new Error(`add-user failed: ${added.stderr}`);
    const signedIn = await fetch(`${base}/Admin/login?_action=adminEntry.signIn`, {
      method: 'POST',
      redirect: 'manual',
      headers: { Origin: base, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: USER, password: PASSWORD }),
    });
    const cookie = signedIn.headers
      .getSetCookie()
      .map((line) => line.split(';', 1)[0])
      .join('; ');
    const home = await (await fetch(`${base}/Admin`, { headers: { Cookie: cookie } })).text();
    const csrf = /name="csrf_token" value="([^"]+)"/.exec(home)?.[1];
    if (!cookie || !csrf) throw new Error(`Could not sign in (${signedIn.status})`);
    const eventId = /href="\/Admin\/events\/(\d+)"/.exec(home)?.[1];
    if (!eventId) throw new Error('No event to upload to');

    const alone = await timed(`${base}${page}`, () => true, samples);
    let uploading = true;
    const started = performance.now();
    const uploads = Promise.all(
      photos.map(async (bytes, index) => {
        const body = new FormData();
        body.append('photo', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), `large-${index}.png`);
        const answer = await fetch(`${base}/Admin/edit/events/${eventId}/photos`, {
          method: 'POST',
          headers: { Origin: base, Cookie: cookie, 'X-CSRF-Token': csrf, Accept: 'application/json' },
          body,
        });
        return { status: answer.status, body: await answer.text() };
      }),
    ).finally(() => (uploading = false));
    const meanwhile = await timed(`${base}${page}`, () => !uploading, 5);
    const answers = await uploads;
    return { alone, meanwhile, uploadSeconds: (performance.now() - started) / 1000, answers };
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => (server.exitCode === null ? server.once('exit', resolve) : resolve(undefined)));
    rmSync(dataDir, { recursive: true, force: true });
  }
}
