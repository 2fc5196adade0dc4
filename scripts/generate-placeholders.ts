/**
 * `npm run photos`: draws a placeholder for every photo the content names, so the sample site
 * has pictures without using anyone's real photo. It reads every YAML file under content/,
 * finds each photo path ("./photos/...", "../photos/...") and renders an SVG with sharp into
 * that file, at the size its folder's place on the page takes: a teal and navy gradient with a
 * label from the entry that names it (short title, caption, name or alt). People get a neutral
 * silhouette marked "Placeholder photo". Every run draws the same bytes: there is no randomness,
 * no date and no machine-specific input.
 *
 *   node scripts/generate-placeholders.ts          only the photos that are missing
 *   node scripts/generate-placeholders.ts --all    every photo, replacing existing files
 *
 * By default an existing file is never replaced, so a real photo saved under a name the content
 * uses is safe. `--all` redraws everything, real photos included.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { parse } from 'yaml';
import { isRecord } from '../src/lib/content/yamlDocument.ts';
import { escapeXml } from '../src/lib/escapeXml.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const contentDir = path.join(root, 'content');
const photosDir = path.join(contentDir, 'photos');
const replaceAll = process.argv.includes('--all');

/** A JPEG above this size is reported: placeholders should stay light. */
const JPEG_BUDGET = 40 * 1024;
const FONT = 'DejaVu Sans, Verdana, sans-serif';
const PALETTES = [
  ['#0b2545', '#0d6e6e'],
  ['#13315c', '#1b998b'],
  ['#0d6e6e', '#5c8fa8'],
  ['#134074', '#0b2545'],
  ['#1b4965', '#3f8fb8'],
  ['#22577a', '#38a3a5'],
] as const;

interface Photo {
  /** Absolute path of the file to write. */
  file: string;
  /** Text from the entry that names the photo (short title, caption, name or alt). */
  label: string;
}

/** The picture's size, from the folder under content/photos/ (the shape of its place on the page). */
const CANVASES: Record<string, readonly [number, number]> = {
  logos: [240, 240],
  bearers: [600, 600],
  banner: [1600, 900],
  webinars: [800, 450],
  awareness: [1280, 720],
};

function yamlFiles(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
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
  if (!isRecord(value)) return;
  for (const field of Object.values(value)) {
    if (typeof field === 'string' && /^\.\.?\/.*photos\/.+\.(jpe?g|png)$/i.test(field)) {
      const file = path.resolve(yamlDir, field);
      if (!found.has(file)) found.set(file, { file, label: labelOf(value, file) });
    } else {
      collect(field, yamlDir, found);
    }
  }
}

function hash(text: string): number {
  let value = 2166136261;
  for (const char of text) value = Math.imul(value ^ char.charCodeAt(0), 16777619) >>> 0;
  return value;
}

/** The label in at most three centred lines. DejaVu Sans Bold averages about 0.62 em per character. */
function caption(text: string, width: number, height: number): string {
  const size = Math.round(width / 18);
  const lines: string[] = [];
  for (const word of text.split(/\s+/)) {
    const last = lines.at(-1);
    if (last !== undefined && `${last} ${word}`.length * size * 0.62 <= width * 0.84)
      lines[lines.length - 1] += ` ${word}`;
    else lines.push(word);
  }
  const shown = lines.slice(0, 3);
  const first = height / 2 - ((shown.length - 1) * size * 1.2) / 2 + size * 0.35;
  return shown
    .map(
      (line, index) =>
        `<text x="${width / 2}" y="${Math.round(first + index * size * 1.2)}" font-family="${FONT}" font-size="${size}" font-weight="700" fill="#ffffff" text-anchor="middle">${escapeXml(line)}</text>`,
    )
    .join('');
}

/** A head and shoulders over a name band, drawn on a 600 px square. */
const SILHOUETTE =
  `<circle cx="300" cy="235" r="95" fill="#f4f7fa" opacity="0.92"/>` +
  `<path d="M110 600c0-120 85-200 190-200s190 80 190 200z" fill="#f4f7fa" opacity="0.92"/>` +
  `<rect x="150" y="530" width="300" height="44" rx="22" fill="#0b2545" opacity="0.78"/>` +
  `<text x="300" y="560" font-family="${FONT}" font-size="22" fill="#ffffff" text-anchor="middle">Placeholder photo</text>`;

function svgFor(photo: Photo): { svg: string; width: number; height: number } {
  const name = path.relative(photosDir, photo.file).split(path.sep).join('/');
  const folder = name.split('/')[0] ?? '';
  const [width, height] = CANVASES[folder] ?? [1200, 800];
  const [from, to] = PALETTES[hash(name) % PALETTES.length] ?? PALETTES[0];
  const badge = Math.round(width / 50);
  const body =
    folder === 'bearers'
      ? SILHOUETTE
      : `<circle cx="${width * 0.86}" cy="${height * 0.18}" r="${height * 0.34}" fill="#ffffff" opacity="0.07"/>` +
        `<circle cx="${width * 0.08}" cy="${height * 0.96}" r="${height * 0.44}" fill="#ffffff" opacity="0.06"/>` +
        caption(photo.label, width, height) +
        `<text x="${width - badge}" y="${height - badge}" font-family="${FONT}" font-size="${badge}" fill="#ffffff" opacity="0.8" text-anchor="end">Sample picture</text>`;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/>` +
    `<stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
    `<rect width="${width}" height="${height}" fill="url(#bg)"/>${body}</svg>`;
  return { svg, width, height };
}

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

function folderSize(dir: string): number {
  return readdirSync(dir).reduce((sum, name) => {
    const full = path.join(dir, name);
    const stat = statSync(full);
    return sum + (stat.isDirectory() ? folderSize(full) : stat.size);
  }, 0);
}

const photos = new Map<string, Photo>();
for (const file of yamlFiles(contentDir)) collect(parse(readFileSync(file, 'utf8')), path.dirname(file), photos);

let written = 0;
const heavy: string[] = [];
for (const photo of [...photos.values()].sort((a, b) => a.file.localeCompare(b.file))) {
  if (!replaceAll && existsSync(photo.file)) continue;
  mkdirSync(path.dirname(photo.file), { recursive: true });
  const { svg, width, height } = svgFor(photo);
  const image = sharp(Buffer.from(svg));
  const { size } = photo.file.endsWith('.png')
    ? await image.png({ compressionLevel: 9, palette: true }).toFile(photo.file)
    : await image.jpeg({ quality: 72, mozjpeg: true }).toFile(photo.file);
  console.info(`wrote ${path.relative(root, photo.file)} (${width}x${height}, ${kb(size)})`);
  if (!photo.file.endsWith('.png') && size > JPEG_BUDGET) heavy.push(path.relative(root, photo.file));
  written += 1;
}
console.info(
  `Placeholder photos: ${written} written, ${photos.size - written} kept as they are (${photos.size} named by the content); content/photos is ${kb(folderSize(photosDir))}.`,
);
if (heavy.length > 0) console.warn(`Larger than ${kb(JPEG_BUDGET)}: ${heavy.join(', ')}`);
