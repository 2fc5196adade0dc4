/**
 * The photos the content names: every YAML file under content/ is read, and each photo path in it
 * ("./photos/...", "../photos/...") is listed with a label from the entry that holds it, the kind
 * of picture its folder and name make it, its size and the words written on it.
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export type Kind =
  'logo' | 'banner' | 'activity' | 'awareness' | 'webinar' | 'bearer' | 'cricket' | 'sports' | 'poster';

export interface Photo {
  /** Absolute path of the file to write. */
  file: string;
  /** Text from the entry that names the photo (short title, caption, name or alt). */
  label: string;
}

export interface Canvas {
  width: number;
  height: number;
}

/** The photo's path inside `photosDir`, with forward slashes. */
export function relativeName(photosDir: string, file: string): string {
  return path.relative(photosDir, file).split(path.sep).join('/');
}

/** The number at the end of a file name: 3 for "cricket-3.jpg". */
export function numberOf(file: string): number | undefined {
  const match = /-(\d+)\.[a-z]+$/i.exec(file);
  return match ? Number(match[1]) : undefined;
}

export function kindOf(photosDir: string, file: string): Kind {
  const name = relativeName(photosDir, file);
  const folder = name.split('/')[0];
  if (folder === 'logos') return 'logo';
  if (folder === 'banner') return 'banner';
  if (folder === 'activities') return 'activity';
  if (folder === 'awareness') return 'awareness';
  if (folder === 'webinars') return 'webinar';
  if (folder === 'bearers') return 'bearer';
  if (name.includes('poster')) return 'poster';
  if (name.includes('cricket')) return 'cricket';
  return 'sports';
}

export function canvasOf(kind: Kind): Canvas {
  switch (kind) {
    case 'logo':
      return { width: 240, height: 240 };
    case 'bearer':
      return { width: 600, height: 600 };
    case 'banner':
      return { width: 1600, height: 900 };
    case 'webinar':
      return { width: 800, height: 450 };
    case 'awareness':
    case 'poster':
      return { width: 1280, height: 720 };
    default:
      return { width: 1200, height: 800 };
  }
}

/** The words written on the photo. */
export function captionOf(photo: Photo, kind: Kind): string {
  const n = numberOf(photo.file);
  switch (kind) {
    case 'banner':
      return `Sample banner picture ${n ?? 1}`;
    case 'awareness':
      return 'Golden Jubilee Song';
    case 'cricket':
      return `Cricket tournament photo ${n ?? 1}`;
    case 'poster':
      return 'Sample sports meet video';
    default:
      return photo.label;
  }
}

export function yamlFiles(dir: string): string[] {
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
export function collect(value: unknown, yamlDir: string, found: Map<string, Photo>) {
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
