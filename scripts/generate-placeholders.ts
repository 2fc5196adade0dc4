/**
 * `npm run photos`: draws a placeholder for every photo the content names, so the sample site
 * has pictures without using anyone's real photo. It reads every YAML file under content/,
 * finds each photo path ("./photos/...", "../photos/...") and renders an SVG with sharp into
 * that file: calm teal and navy scenes with a label (banner number, short title, caption, alt
 * text). People get a neutral silhouette marked "Placeholder photo". Every run draws the same
 * bytes: there is no randomness, no date and no machine-specific input.
 *
 * With ffmpeg installed it also renders the sample sports meet video (public/media/, H.264 and
 * VP9); without it the committed video is kept.
 *
 *   node scripts/generate-placeholders.ts          only the photos (and video) that are missing
 *   node scripts/generate-placeholders.ts --all    every photo and the video, replacing existing files
 *
 * By default an existing file is never replaced, so a real photo saved under a name the content
 * uses is safe. `--all` redraws everything, real photos included.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { parse } from 'yaml';
import { svgFor } from './placeholders/events.ts';
import { canvasOf, collect, kindOf, yamlFiles, type Photo } from './placeholders/photoList.ts';
import { renderVideo } from './placeholders/video.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const contentDir = path.join(root, 'content');
const photosDir = path.join(contentDir, 'photos');
const mediaDir = path.join(root, 'public/media');
const replaceAll = process.argv.includes('--all');

/** A JPEG above this size is reported: placeholders should stay light. */
const JPEG_BUDGET = 40 * 1024;

async function render(photo: Photo): Promise<number> {
  mkdirSync(path.dirname(photo.file), { recursive: true });
  const image = sharp(Buffer.from(svgFor(photosDir, photo)));
  const info = photo.file.endsWith('.png')
    ? await image.png({ compressionLevel: 9, palette: true }).toFile(photo.file)
    : await image.jpeg({ quality: 72, mozjpeg: true }).toFile(photo.file);
  return info.size;
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
  const size = await render(photo);
  const { width, height } = canvasOf(kindOf(photosDir, photo.file));
  console.info(`wrote ${path.relative(root, photo.file)} (${width}x${height}, ${kb(size)})`);
  if (!photo.file.endsWith('.png') && size > JPEG_BUDGET) heavy.push(path.relative(root, photo.file));
  written += 1;
}
console.info(
  `Placeholder photos: ${written} written, ${photos.size - written} kept as they are (${photos.size} named by the content); content/photos is ${kb(folderSize(photosDir))}.`,
);
if (heavy.length > 0) console.warn(`Larger than ${kb(JPEG_BUDGET)}: ${heavy.join(', ')}`);

const videoMissing =
  !existsSync(path.join(mediaDir, 'sports-meet.mp4')) || !existsSync(path.join(mediaDir, 'sports-meet.webm'));
if (replaceAll || videoMissing) {
  for (const file of renderVideo(root, mediaDir))
    console.info(`wrote ${path.relative(root, file)} (${kb(statSync(file).size)})`);
} else {
  console.info('Sample video: public/media/sports-meet.mp4 and .webm kept as they are (--all redraws them).');
}
