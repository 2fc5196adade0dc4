/**
 * The upload figures of `npm run bench` (also `npm run bench -- --only uploads`): 40 phone
 * photos of 12 MP (4000 × 3000 JPEGs of noise, 3 to 4 MB each, drawn with sharp) go through what
 * the admin's upload endpoint does with each request: the multipart reader (photoUpload.ts), then
 * the event writer (type check, upright, scaled to 2000 px, re-encoded without metadata, stored).
 * Two at a time, as the admin's page sends them. Prints photos per second and the peak resident
 * memory (RSS) of a process doing nothing else, measured in a child process of its own.
 * Then what a large upload costs visitors (uploadLatency.ts): a public page's time on a server of
 * its own, alone and while two 120-megapixel 16-bit PNGs are uploaded at once.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { readPhotoUpload } from '../../src/server/admin/photoUpload.ts';
import { openDatabase } from '../../src/server/database.ts';
import { EventWriter } from '../../src/server/events/eventWriter.ts';
import { largePng, measureUploadLatency } from './uploadLatency.ts';

const PHOTOS = 40;
const DISTINCT = 4;
const AT_ONCE = 2;
const MB = 1024 * 1024;

/** A 12 MP photo of noise: compresses about as badly as a real one. */
async function phonePhoto(seed: number): Promise<Buffer> {
  return sharp({
    create: {
      width: 4000,
      height: 3000,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 110 + seed * 10, sigma: 40 },
    },
  })
    .blur(0.8)
    .jpeg({ quality: 90 })
    .toBuffer();
}

function uploadRequest(bytes: Buffer): Request {
  const body = new FormData();
  body.append('photo', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'IMG_0001.jpg');
  return new Request('http://127.0.0.1/Admin/edit/events/1/photos', { method: 'POST', body });
}

async function measure(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'isa-bench-uploads-'));
  try {
    const photos = await Promise.all(Array.from({ length: DISTINCT }, (_, index) => phonePhoto(index)));
    const sizes = photos.map((photo) => (photo.byteLength / MB).toFixed(1)).join(', ');
    const writer = new EventWriter(openDatabase(dataDir).db, { dataDir });
    const id = writer.upsert({ title: 'Salem - Bench', subTitle: '', date: '2025-01-01', published: false });
    const rssBefore = process.memoryUsage.rss();
    let peak = rssBefore;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 10);
    const started = performance.now();
    let next = 0;
    const worker = async () => {
      while (next < PHOTOS) {
        const bytes = photos[next++ % DISTINCT];
        if (!bytes) continue;
        const upload = await readPhotoUpload(uploadRequest(bytes));
        if (!upload.ok) throw new Error(upload.error);
        await writer.addPhoto(id, upload.bytes);
      }
    };
    await Promise.all(Array.from({ length: AT_ONCE }, worker));
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage.rss());
    console.info(`Upload processing: ${PHOTOS} photos of 12 MP (JPEG, ${sizes} MB), ${AT_ONCE} at a time`);
    console.info(`  ${(PHOTOS / seconds).toFixed(2)} photos/s (${seconds.toFixed(1)} s in all)`);
    console.info(
      `  peak RSS ${(peak / MB).toFixed(0)} MB (${(rssBefore / MB).toFixed(0)} MB before, with the ${DISTINCT} test photos in memory)`,
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The port of the server of the latency measurement: BENCH_PORT's fourth (the site's, the bare server's, Chromium's). */
const LATENCY_PORT = Number(process.env.BENCH_PORT ?? 4671) + 3;

/** A public page's time, alone and while two 120 MP 16-bit PNGs are uploaded at once (uploadLatency.ts). */
async function latencyReport(): Promise<void> {
  const png = await largePng(120);
  const { alone, meanwhile, uploadSeconds, answers } = await measureUploadLatency([png, png], { port: LATENCY_PORT });
  const ms = (value: number) => `${value.toFixed(0)} ms`;
  console.info(
    `Public page (/monthly-activities) during uploads of two 120 MP 16-bit PNGs (${(png.byteLength / MB).toFixed(1)} MB each, at once)`,
  );
  console.info(
    `  alone:     median ${ms(alone.median)}, 90th percentile ${ms(alone.p90)} (${alone.times.length} requests)`,
  );
  console.info(
    `  meanwhile: median ${ms(meanwhile.median)}, 90th percentile ${ms(meanwhile.p90)} (${meanwhile.times.length} requests, ${uploadSeconds.toFixed(1)} s of uploads; answers ${answers.map((answer) => answer.status).join(', ')})`,
  );
}

/** Runs the measurement in a child process, so that its peak memory is the uploads' alone, then the latency's. */
export async function uploadReport(): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [import.meta.filename, '--measure'], { stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`upload bench exited with ${code}`))));
  });
  await latencyReport();
}

if (import.meta.main) {
  if (process.argv.includes('--measure')) await measure();
  else await uploadReport();
}
