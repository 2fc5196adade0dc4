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
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { parse } from 'yaml';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const contentDir = path.join(root, 'content');
const photosDir = path.join(contentDir, 'photos');
const mediaDir = path.join(root, 'public/media');
const replaceAll = process.argv.includes('--all');

/** A JPEG above this size is reported: placeholders should stay light. */
const JPEG_BUDGET = 40 * 1024;
const FONT = 'DejaVu Sans, Verdana, sans-serif';

const NAVY = '#0b2545';
const PALETTES = [
  ['#0b2545', '#0d6e6e'],
  ['#13315c', '#1b998b'],
  ['#0d6e6e', '#5c8fa8'],
  ['#134074', '#0b2545'],
  ['#1b4965', '#3f8fb8'],
  ['#22577a', '#38a3a5'],
] as const;

type Kind = 'logo' | 'banner' | 'activity' | 'awareness' | 'webinar' | 'bearer' | 'cricket' | 'sports' | 'poster';

interface Photo {
  /** Absolute path of the file to write. */
  file: string;
  /** Text from the entry that names the photo (short title, caption, name or alt). */
  label: string;
}

interface Canvas {
  width: number;
  height: number;
}

function hash(text: string): number {
  let value = 2166136261;
  for (const char of text) value = Math.imul(value ^ char.charCodeAt(0), 16777619) >>> 0;
  return value;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** The photo's path inside content/photos/, with forward slashes. */
function relativeName(file: string): string {
  return path.relative(photosDir, file).split(path.sep).join('/');
}

/** The number at the end of a file name: 3 for "cricket-3.jpg". */
function numberOf(file: string): number | undefined {
  const match = /-(\d+)\.[a-z]+$/i.exec(file);
  return match ? Number(match[1]) : undefined;
}

function kindOf(file: string): Kind {
  const name = relativeName(file);
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

function canvasOf(kind: Kind): Canvas {
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
function captionOf(photo: Photo, kind: Kind): string {
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

// ---------------------------------------------------------------------------------------------
// Drawing
// ---------------------------------------------------------------------------------------------

function svg({ width, height }: Canvas, body: string, from: string, to: string): string {
  const defs =
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/>` +
    `<stop offset="1" stop-color="${to}"/></linearGradient>` +
    `<radialGradient id="glow"><stop offset="0" stop-color="#ffffff" stop-opacity="0.55"/>` +
    `<stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient></defs>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${defs}<rect width="${width}" height="${height}" fill="url(#bg)"/>${body}</svg>`;
}

function wrap(text: string, perLine: number, maxLines = 3): string[] {
  const lines: string[] = [];
  for (const word of text.split(/\s+/)) {
    const last = lines.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= perLine) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines.slice(0, maxLines);
}

interface TextBlock {
  x: number;
  /** The vertical centre of the block. */
  y: number;
  size: number;
  /** The width the text may take. */
  width: number;
  weight?: number;
  fill?: string;
  anchor?: 'start' | 'middle';
}

/** Centred, wrapped text. DejaVu Sans Bold averages about 0.62 em per character. */
function textBlock(text: string, block: TextBlock): string {
  const { x, y, size, width, weight = 700, fill = '#ffffff', anchor = 'middle' } = block;
  const lines = wrap(text, Math.max(8, Math.floor(width / (size * 0.62))));
  const lineHeight = size * 1.2;
  const first = y - ((lines.length - 1) * lineHeight) / 2 + size * 0.35;
  return lines
    .map(
      (line, index) =>
        `<text x="${x}" y="${Math.round(first + index * lineHeight)}" font-family="${FONT}" font-size="${size}" font-weight="${weight}" fill="${fill}" text-anchor="${anchor}">${escapeXml(line)}</text>`,
    )
    .join('');
}

function sampleBadge({ width, height }: Canvas, words = 'Sample picture'): string {
  const size = Math.round(width / 50);
  return `<text x="${width - size}" y="${height - size}" font-family="${FONT}" font-size="${size}" fill="#ffffff" opacity="0.8" text-anchor="end">${words}</text>`;
}

/** Soft round shapes that keep a flat gradient from looking empty. */
function bubbles({ width, height }: Canvas): string {
  return (
    `<circle cx="${width * 0.86}" cy="${height * 0.18}" r="${height * 0.34}" fill="#ffffff" opacity="0.07"/>` +
    `<circle cx="${width * 0.08}" cy="${height * 0.96}" r="${height * 0.44}" fill="#ffffff" opacity="0.06"/>`
  );
}

/** A row of head-and-shoulders shapes: an audience or a group of people. */
function people(y: number, count: number, left: number, right: number, size: number, opacity: number): string {
  const step = (right - left) / Math.max(1, count - 1);
  let shapes = '';
  for (let index = 0; index < count; index++) {
    const x = Math.round(left + index * step);
    shapes += `<circle cx="${x}" cy="${y}" r="${size}"/><path d="M${x - size * 1.7} ${y + size * 3.2}c0-${size * 1.6} ${size * 0.8}-${size * 2.1} ${size * 1.7}-${size * 2.1}s${size * 1.7} ${size * 0.5} ${size * 1.7} ${size * 2.1}z"/>`;
  }
  return `<g fill="#ffffff" opacity="${opacity}">${shapes}</g>`;
}

/** The large caption band at the bottom of the banner pictures. */
function bannerCaption(canvas: Canvas, caption: string): string {
  const { width, height } = canvas;
  return (
    `<rect x="0" y="${height - 190}" width="${width}" height="130" fill="${NAVY}" opacity="0.55"/>` +
    textBlock(caption, { x: width / 2, y: height - 125, size: 74, width: width * 0.9 })
  );
}

function bannerScene(canvas: Canvas, index: number): { body: string; from: string; to: string } {
  const { width } = canvas;
  if (index === 2) {
    // A conference hall: a stage with a screen and rows of delegates.
    const rows = [0, 1, 2]
      .map((row) =>
        people(510 + row * 60, 13 - row, 180 - row * 20, width - 180 + row * 20, 17 + row * 2, 0.14 + row * 0.05),
      )
      .join('');
    const body =
      `<rect x="0" y="430" width="${width}" height="30" fill="#ffffff" opacity="0.08"/>` +
      `<rect x="470" y="90" width="660" height="310" rx="10" fill="#ffffff" opacity="0.14"/>` +
      `<rect x="530" y="150" width="330" height="22" rx="11" fill="#ffffff" opacity="0.35"/>` +
      `<rect x="530" y="200" width="520" height="14" rx="7" fill="#ffffff" opacity="0.22"/>` +
      `<rect x="530" y="232" width="470" height="14" rx="7" fill="#ffffff" opacity="0.22"/>` +
      `<rect x="530" y="264" width="500" height="14" rx="7" fill="#ffffff" opacity="0.22"/>` +
      `<ellipse cx="300" cy="60" rx="260" ry="160" fill="url(#glow)" opacity="0.5"/>` +
      `<ellipse cx="1300" cy="60" rx="260" ry="160" fill="url(#glow)" opacity="0.5"/>` +
      rows;
    return { body, from: '#13315c', to: '#1b4965' };
  }
  if (index === 3) {
    // Teaching: a board with a diagram, a teacher and a few students.
    const body =
      `<rect x="150" y="110" width="760" height="420" rx="14" fill="#ffffff" opacity="0.16"/>` +
      `<circle cx="330" cy="300" r="110" fill="none" stroke="#ffffff" stroke-width="8" opacity="0.45"/>` +
      `<path d="M330 190v220M220 300h220" stroke="#ffffff" stroke-width="6" opacity="0.35"/>` +
      `<rect x="500" y="200" width="330" height="18" rx="9" fill="#ffffff" opacity="0.4"/>` +
      `<rect x="500" y="250" width="280" height="18" rx="9" fill="#ffffff" opacity="0.3"/>` +
      `<rect x="500" y="300" width="300" height="18" rx="9" fill="#ffffff" opacity="0.3"/>` +
      `<rect x="500" y="350" width="220" height="18" rx="9" fill="#ffffff" opacity="0.3"/>` +
      `<g fill="#ffffff" opacity="0.3"><circle cx="1080" cy="280" r="48"/><path d="M990 560c0-140 40-200 90-200s90 60 90 200z"/></g>` +
      `<rect x="1240" y="400" width="150" height="200" rx="8" fill="#ffffff" opacity="0.14"/>` +
      people(650, 6, 980, 1520, 22, 0.18) +
      `<ellipse cx="1450" cy="120" rx="300" ry="200" fill="url(#glow)" opacity="0.35"/>`;
    return { body, from: '#1b998b', to: '#13315c' };
  }
  // The operating theatre: a lamp, a table and a monitor with a heart trace.
  const body =
    `<path d="M800 0v70M800 70L620 150M800 70L990 140" stroke="#ffffff" stroke-width="10" opacity="0.3"/>` +
    `<ellipse cx="620" cy="170" rx="120" ry="42" fill="#ffffff" opacity="0.35"/>` +
    `<ellipse cx="990" cy="160" rx="120" ry="42" fill="#ffffff" opacity="0.35"/>` +
    `<ellipse cx="800" cy="470" rx="520" ry="260" fill="url(#glow)" opacity="0.45"/>` +
    `<rect x="460" y="560" width="680" height="46" rx="23" fill="#ffffff" opacity="0.35"/>` +
    `<rect x="770" y="606" width="60" height="80" fill="#ffffff" opacity="0.25"/>` +
    `<rect x="1220" y="300" width="250" height="170" rx="14" fill="${NAVY}" opacity="0.55"/>` +
    `<polyline points="1240,400 1290,400 1305,370 1320,430 1335,385 1350,400 1450,400" fill="none" stroke="#7fe3d0" stroke-width="6"/>` +
    `<rect x="1335" y="470" width="20" height="210" fill="#ffffff" opacity="0.2"/>` +
    `<rect x="140" y="280" width="90" height="400" rx="10" fill="#ffffff" opacity="0.12"/>`;
  return { body, from: '#0d6e6e', to: '#0b2545' };
}

function drawLogo(file: string): string {
  const initials = path.basename(file).includes('-tn-') ? 'TN' : 'ISA';
  const [from, to] = initials === 'TN' ? ['#0d6e6e', '#1b998b'] : ['#0b2545', '#134074'];
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240" viewBox="0 0 240 240">` +
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
    `<circle cx="120" cy="120" r="116" fill="url(#bg)"/><circle cx="120" cy="120" r="100" fill="none" stroke="#ffffff" stroke-width="6"/>` +
    `<path d="M60 160h120" stroke="#ffffff" stroke-width="4" opacity="0.6"/>` +
    `<text x="120" y="${initials === 'TN' ? 142 : 138}" font-family="${FONT}" font-size="${initials.length > 2 ? 58 : 70}" font-weight="700" fill="#ffffff" text-anchor="middle">${initials}</text>` +
    `<text x="120" y="188" font-family="${FONT}" font-size="15" fill="#ffffff" opacity="0.85" text-anchor="middle">SAMPLE</text></svg>`
  );
}

function drawBearer(photo: Photo, canvas: Canvas): string {
  const base = path.basename(photo.file);
  const generic = base.startsWith('placeholder-');
  const female = base === 'placeholder-female.jpg';
  const [from, to] = female
    ? (['#0d6e6e', '#38a3a5'] as const)
    : generic
      ? (['#13315c', '#0b2545'] as const)
      : (PALETTES[hash(photo.file) % PALETTES.length] ?? PALETTES[0]);
  const skin = '#f4f7fa';
  // Longer hair around the head for the female placeholder, a shirt collar and tie for the male one.
  const hair = female
    ? `<path d="M300 112c-82 0-124 60-122 136 2 72 14 128-8 176h260c-22-48-10-104-8-176 2-76-40-136-122-136z" fill="#dfe7ef" opacity="0.6"/>`
    : '';
  const collar =
    generic && !female
      ? `<path d="M250 405l50 70 50-70z" fill="${NAVY}" opacity="0.35"/><path d="M288 470h24l10 70-22 24-22-24z" fill="${NAVY}" opacity="0.55"/>`
      : '';
  const body =
    `${hair}<circle cx="300" cy="235" r="95" fill="${skin}" opacity="0.92"/>` +
    `<path d="M110 600c0-120 85-200 190-200s190 80 190 200z" fill="${skin}" opacity="0.92"/>${collar}` +
    `<rect x="150" y="530" width="300" height="44" rx="22" fill="${NAVY}" opacity="0.78"/>` +
    `<text x="300" y="560" font-family="${FONT}" font-size="22" fill="#ffffff" text-anchor="middle">Placeholder photo</text>`;
  return svg(canvas, body, from, to);
}

function svgFor(photo: Photo): string {
  const kind = kindOf(photo.file);
  const canvas = canvasOf(kind);
  const { width, height } = canvas;
  const caption = captionOf(photo, kind);
  const [from, to] = PALETTES[hash(relativeName(photo.file)) % PALETTES.length] ?? PALETTES[0];

  switch (kind) {
    case 'logo':
      return drawLogo(photo.file);
    case 'bearer':
      return drawBearer(photo, canvas);
    case 'banner': {
      const scene = bannerScene(canvas, numberOf(photo.file) ?? 1);
      return svg(canvas, scene.body + bannerCaption(canvas, caption), scene.from, scene.to);
    }
    case 'awareness': {
      const body =
        bubbles(canvas) +
        `<circle cx="250" cy="330" r="150" fill="none" stroke="#e9c46a" stroke-width="14"/>` +
        `<circle cx="250" cy="330" r="124" fill="none" stroke="#e9c46a" stroke-width="3" opacity="0.7"/>` +
        `<text x="250" y="372" font-family="${FONT}" font-size="120" font-weight="700" fill="#e9c46a" text-anchor="middle">50</text>` +
        `<g fill="#ffffff" opacity="0.5"><ellipse cx="1090" cy="560" rx="26" ry="19"/><rect x="1110" y="450" width="7" height="112"/>` +
        `<ellipse cx="1170" cy="540" rx="26" ry="19"/><rect x="1190" y="430" width="7" height="112"/><path d="M1110 450l87-20v22l-87 20z"/></g>` +
        textBlock(caption, { x: 460, y: 280, size: 84, width: 760, anchor: 'start' }) +
        textBlock('ISA Tamilnadu golden jubilee', {
          x: 460,
          y: 440,
          size: 34,
          width: 760,
          weight: 400,
          anchor: 'start',
        }) +
        sampleBadge(canvas, 'Sample thumbnail');
      return svg(canvas, body, '#0b2545', '#0d6e6e');
    }
    case 'webinar': {
      const body =
        bubbles(canvas) +
        `<rect x="32" y="30" width="150" height="38" rx="19" fill="#ffffff" opacity="0.9"/>` +
        `<text x="107" y="56" font-family="${FONT}" font-size="18" font-weight="700" fill="${NAVY}" text-anchor="middle">WEBINAR</text>` +
        `<g fill="none" stroke="#ffffff" stroke-width="5" opacity="0.25"><rect x="600" y="300" width="150" height="95" rx="8"/><path d="M580 410h190"/></g>` +
        textBlock(caption, { x: width / 2, y: height / 2 - 10, size: 44, width: width * 0.84 }) +
        sampleBadge(canvas);
      return svg(canvas, body, from, to);
    }
    case 'cricket': {
      const body =
        `<ellipse cx="${width / 2}" cy="${height * 0.62}" rx="${width * 0.62}" ry="${height * 0.42}" fill="#ffffff" opacity="0.09"/>` +
        `<rect x="${width / 2 - 45}" y="${height * 0.4}" width="90" height="${height * 0.44}" fill="#ffffff" opacity="0.14"/>` +
        `<g stroke="#ffffff" stroke-width="7" opacity="0.55"><path d="M585 ${height * 0.34}v70M600 ${height * 0.34}v70M615 ${height * 0.34}v70"/></g>` +
        `<circle cx="${width * 0.8}" cy="${height * 0.22}" r="26" fill="#f4a261" opacity="0.8"/>` +
        textBlock(caption, { x: width / 2, y: height * 0.72, size: 58, width: width * 0.86 }) +
        sampleBadge(canvas);
      return svg(canvas, body, from, to);
    }
    case 'sports':
    case 'poster': {
      const lanes = [0, 1, 2, 3, 4]
        .map(
          (lane) =>
            `<ellipse cx="${width / 2}" cy="${height * 1.15}" rx="${width * (0.46 + lane * 0.07)}" ry="${height * (0.42 + lane * 0.07)}" fill="none" stroke="#ffffff" stroke-width="5" opacity="0.18"/>`,
        )
        .join('');
      const body =
        bubbles(canvas) +
        lanes +
        textBlock(caption, { x: width / 2, y: height * 0.4, size: Math.round(width / 22), width: width * 0.84 }) +
        sampleBadge(canvas, kind === 'poster' ? 'Sample video poster' : 'Sample picture');
      return svg(canvas, body, from, to);
    }
    case 'activity': {
      const body =
        bubbles(canvas) +
        people(height * 0.74, 7, width * 0.16, width * 0.84, 26, 0.18) +
        textBlock(caption, { x: width / 2, y: height * 0.36, size: Math.round(width / 22), width: width * 0.84 }) +
        sampleBadge(canvas);
      return svg(canvas, body, from, to);
    }
  }
}

async function render(photo: Photo): Promise<number> {
  mkdirSync(path.dirname(photo.file), { recursive: true });
  const image = sharp(Buffer.from(svgFor(photo)));
  const info = photo.file.endsWith('.png')
    ? await image.png({ compressionLevel: 9, palette: true }).toFile(photo.file)
    : await image.jpeg({ quality: 72, mozjpeg: true }).toFile(photo.file);
  return info.size;
}

// ---------------------------------------------------------------------------------------------
// The sample video
// ---------------------------------------------------------------------------------------------

function ffmpegFilters(): string | undefined {
  const result = spawnSync('ffmpeg', ['-hide_banner', '-filters'], { encoding: 'utf8' });
  return result.status === 0 ? result.stdout : undefined;
}

function renderVideo(): string[] {
  const filters = ffmpegFilters();
  if (filters === undefined) {
    console.info('ffmpeg is not installed: keeping the committed sample video in public/media/.');
    return [];
  }
  mkdirSync(mediaDir, { recursive: true });
  // Fixed seed and gradient line: the gradients source is random by default.
  const scene = [
    'gradients=s=640x360:d=6:r=24:n=3:c0=0x0b2545:c1=0x0d6e6e:c2=0x1b998b:x0=0:y0=0:x1=640:y1=360:seed=1:speed=0.03',
    'drawbox=x=0:y=262:w=640:h=4:color=white@0.35:t=fill',
    'drawbox=x=0:y=318:w=640:h=4:color=white@0.35:t=fill',
    "drawbox=x='mod(t*140,720)-60':y=276:w=36:h=36:color=white@0.8:t=fill",
    "drawbox=x='mod(t*100+300,720)-60':y=276:w=36:h=36:color=0xe9c46a@0.9:t=fill",
  ];
  const fontFile = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';
  if (filters.includes(' drawtext ')) {
    const font = existsSync(fontFile) ? `fontfile=${fontFile}` : 'font=Sans';
    scene.push(
      `drawtext=${font}:text='Sample sports meet video':fontcolor=white:fontsize=34:x=(w-text_w)/2:y=120:box=1:boxcolor=0x0b2545@0.55:boxborderw=14`,
    );
  }
  const common = [
    '-y',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    scene.join(','),
    '-an',
    '-t',
    '6',
    '-map_metadata',
    '-1',
    '-fflags',
    '+bitexact',
    '-flags:v',
    '+bitexact',
  ];
  const outputs = [
    {
      file: path.join(mediaDir, 'sports-meet.mp4'),
      codec: ['-c:v', 'libx264', '-preset', 'slow', '-crf', '30', '-pix_fmt', 'yuv420p', '-movflags', '+faststart'],
    },
    {
      file: path.join(mediaDir, 'sports-meet.webm'),
      codec: ['-c:v', 'libvpx-vp9', '-b:v', '0', '-crf', '45', '-pix_fmt', 'yuv420p', '-row-mt', '0', '-threads', '1'],
    },
  ];
  const written: string[] = [];
  for (const output of outputs) {
    const result = spawnSync('ffmpeg', [...common, ...output.codec, output.file], { encoding: 'utf8' });
    if (result.status !== 0) {
      console.error(`ffmpeg could not write ${path.relative(root, output.file)}:\n${result.stderr}`);
      process.exitCode = 1;
      continue;
    }
    written.push(output.file);
  }
  return written;
}

// ---------------------------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------------------------

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
  const { width, height } = canvasOf(kindOf(photo.file));
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
  for (const file of renderVideo()) console.info(`wrote ${path.relative(root, file)} (${kb(statSync(file).size)})`);
} else {
  console.info('Sample video: public/media/sports-meet.mp4 and .webm kept as they are (--all redraws them).');
}
