/**
 * `npm run photos`: draws a placeholder for every photo the content names, so the sample site
 * has pictures without using anyone's real photo. It reads every YAML file under content/,
 * finds each photo path ("./photos/...", "../photos/...") and renders an SVG with sharp into
 * that file: a calm gradient with a label taken from the entry (short title, caption, name or
 * alt text). People get a neutral silhouette. The output is the same on every run.
 *
 * With ffmpeg installed it also renders the sample sports meet video (public/media/); without
 * it the committed video is kept.
 *
 *   node scripts/generate-placeholders.ts          only photos that are missing
 *   node scripts/generate-placeholders.ts --all    every photo, replacing existing files
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { parse } from 'yaml';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const contentDir = path.join(root, 'content');
const replaceAll = process.argv.includes('--all');

interface Photo {
  file: string;
  label: string;
}

const PALETTES = [
  ['#0b2545', '#0d6e6e'],
  ['#13315c', '#1b998b'],
  ['#0d6e6e', '#8da9c4'],
  ['#134074', '#0b2545'],
  ['#1b4965', '#5fa8d3'],
  ['#22577a', '#38a3a5'],
] as const;

function hash(text: string): number {
  let value = 2166136261;
  for (const char of text) value = Math.imul(value ^ char.charCodeAt(0), 16777619) >>> 0;
  return value;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function yamlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'photos' ? [] : yamlFiles(full);
    return name.endsWith('.yaml') ? [full] : [];
  });
}

function labelOf(entry: Record<string, unknown>, file: string): string {
  for (const key of ['shortTitle', 'caption', 'name', 'alt', 'title']) {
    const value = entry[key];
    if (typeof value === 'string' && value.trim()) return value.replace(/\s*\(sample [a-z]+\)$/i, '');
  }
  return path.basename(file, path.extname(file)).replace(/[-_]/g, ' ');
}

/** Every photo path in a parsed YAML value, with a label from the entry that holds it. */
function collect(value: unknown, yamlDir: string, found: Map<string, Photo>) {
  if (Array.isArray(value)) {
    for (const item of value) collect(item, yamlDir, found);
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  const entry = Object.fromEntries(Object.entries(value));
  for (const field of Object.values(entry)) {
    if (typeof field === 'string' && /^\.\.?\/.*photos\/.+\.(jpe?g|png)$/i.test(field)) {
      const file = path.resolve(yamlDir, field);
      if (!found.has(file)) found.set(file, { file, label: labelOf(entry, file) });
    } else {
      collect(field, yamlDir, found);
    }
  }
}

function sizeOf(file: string): { width: number; height: number } {
  const folder = path.relative(path.join(contentDir, 'photos'), file).split(path.sep)[0];
  switch (folder) {
    case 'logos':
      return { width: 240, height: 240 };
    case 'bearers':
      return { width: 600, height: 600 };
    case 'banner':
      return { width: 1600, height: 900 };
    case 'webinars':
      return { width: 800, height: 450 };
    case 'awareness':
      return { width: 1280, height: 720 };
    default:
      return file.includes('poster') ? { width: 1280, height: 720 } : { width: 1200, height: 800 };
  }
}

function wrap(text: string, perLine: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(/\s+/)) {
    const last = lines.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= perLine) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines.slice(0, 3);
}

function svgFor(photo: Photo): string {
  const { width, height } = sizeOf(photo.file);
  const [from, to] = PALETTES[hash(photo.file) % PALETTES.length] ?? PALETTES[0];
  const relative = path.relative(path.join(contentDir, 'photos'), photo.file);
  const defs = `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>`;
  const background = `<rect width="${width}" height="${height}" fill="url(#g)"/>`;

  if (relative.startsWith('logos')) {
    const initials = path.basename(photo.file).includes('-tn-') ? 'TN' : 'ISA';
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${defs}<circle cx="120" cy="120" r="116" fill="url(#g)"/><circle cx="120" cy="120" r="100" fill="none" stroke="#fff" stroke-width="6"/><text x="120" y="138" font-family="DejaVu Sans, sans-serif" font-size="${initials.length > 2 ? 58 : 70}" font-weight="700" fill="#fff" text-anchor="middle">${initials}</text></svg>`;
  }

  if (relative.startsWith('bearers')) {
    const female = path.basename(photo.file).includes('female') || hash(photo.label) % 2 === 1;
    const hair = female
      ? `<path d="M300 118c-78 0-120 58-118 132 2 70 14 128-6 170h248c-20-42-8-100-6-170 2-74-40-132-118-132z" fill="#dfe7ef" opacity="0.55"/>`
      : '';
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${defs}${background}${hair}<circle cx="300" cy="235" r="95" fill="#f4f7fa" opacity="0.9"/><path d="M110 600c0-120 85-200 190-200s190 80 190 200z" fill="#f4f7fa" opacity="0.9"/><rect x="150" y="530" width="300" height="44" rx="22" fill="#0b2545" opacity="0.75"/><text x="300" y="560" font-family="DejaVu Sans, sans-serif" font-size="22" fill="#fff" text-anchor="middle">Placeholder photo</text></svg>`;
  }

  const fontSize = Math.round(width / 22);
  // DejaVu Sans Bold averages about 0.62 em per character; keep a margin on both sides.
  const lines = wrap(photo.label, Math.floor((width * 0.85) / (fontSize * 0.62)));
  const top = height / 2 - ((lines.length - 1) * fontSize * 1.25) / 2;
  const text = lines
    .map(
      (line, index) =>
        `<text x="${width / 2}" y="${top + index * fontSize * 1.25}" font-family="DejaVu Sans, sans-serif" font-size="${fontSize}" font-weight="700" fill="#fff" text-anchor="middle">${escapeXml(line)}</text>`,
    )
    .join('');
  const shapes = `<circle cx="${width * 0.85}" cy="${height * 0.2}" r="${height * 0.35}" fill="#fff" opacity="0.07"/><circle cx="${width * 0.1}" cy="${height * 0.95}" r="${height * 0.45}" fill="#fff" opacity="0.06"/>`;
  const badge = `<text x="${width / 2}" y="${height - fontSize}" font-family="DejaVu Sans, sans-serif" font-size="${Math.round(fontSize * 0.45)}" fill="#fff" opacity="0.8" text-anchor="middle">Sample picture</text>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${defs}${background}${shapes}${text}${badge}</svg>`;
}

async function render(photo: Photo) {
  mkdirSync(path.dirname(photo.file), { recursive: true });
  const image = sharp(Buffer.from(svgFor(photo)));
  if (photo.file.endsWith('.png')) await image.png({ compressionLevel: 9, palette: true }).toFile(photo.file);
  else await image.jpeg({ quality: 72, mozjpeg: true }).toFile(photo.file);
}

function renderVideo() {
  const out = path.join(root, 'public/media');
  if (spawnSync('ffmpeg', ['-version'], { stdio: 'ignore' }).status !== 0) {
    console.info('ffmpeg is not installed: keeping the committed sample video in public/media/.');
    return;
  }
  mkdirSync(out, { recursive: true });
  const source = [
    '-f',
    'lavfi',
    '-i',
    'gradients=s=640x360:d=6:r=24:c0=0x0b2545:c1=0x0d6e6e:speed=0.02,drawbox=x=(t*90):y=150:w=60:h=60:color=white@0.6:t=fill',
  ];
  const common = ['-y', '-loglevel', 'error', ...source, '-an', '-t', '6'];
  execFileSync('ffmpeg', [
    ...common,
    '-c:v',
    'libx264',
    '-pix_fmt',
    'yuv420p',
    '-crf',
    '30',
    '-movflags',
    '+faststart',
    path.join(out, 'sports-meet.mp4'),
  ]);
  execFileSync('ffmpeg', [
    ...common,
    '-c:v',
    'libvpx-vp9',
    '-b:v',
    '0',
    '-crf',
    '45',
    path.join(out, 'sports-meet.webm'),
  ]);
  console.info('Wrote public/media/sports-meet.mp4 and sports-meet.webm');
}

const photos = new Map<string, Photo>();
for (const file of yamlFiles(contentDir)) collect(parse(readFileSync(file, 'utf8')), path.dirname(file), photos);

let written = 0;
for (const photo of photos.values()) {
  if (!replaceAll && existsSync(photo.file)) continue;
  await render(photo);
  written += 1;
}
console.info(
  `Placeholder photos: ${written} written, ${photos.size - written} already there (${photos.size} named by the content).`,
);
if (replaceAll || !existsSync(path.join(root, 'public/media/sports-meet.mp4'))) renderVideo();
