/** The drawing primitives of the placeholder pictures: SVG documents, wrapped text, shapes. */
import { escapeXml } from '../../src/lib/escapeXml.ts';
import type { Canvas } from './photoList.ts';

export const FONT = 'DejaVu Sans, Verdana, sans-serif';

export const NAVY = '#0b2545';
export const PALETTES = [
  ['#0b2545', '#0d6e6e'],
  ['#13315c', '#1b998b'],
  ['#0d6e6e', '#5c8fa8'],
  ['#134074', '#0b2545'],
  ['#1b4965', '#3f8fb8'],
  ['#22577a', '#38a3a5'],
] as const;

export function hash(text: string): number {
  let value = 2166136261;
  for (const char of text) value = Math.imul(value ^ char.charCodeAt(0), 16777619) >>> 0;
  return value;
}

export function svg({ width, height }: Canvas, body: string, from: string, to: string): string {
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

export interface TextBlock {
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
export function textBlock(text: string, block: TextBlock): string {
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

export function sampleBadge({ width, height }: Canvas, words = 'Sample picture'): string {
  const size = Math.round(width / 50);
  return `<text x="${width - size}" y="${height - size}" font-family="${FONT}" font-size="${size}" fill="#ffffff" opacity="0.8" text-anchor="end">${words}</text>`;
}

/** Soft round shapes that keep a flat gradient from looking empty. */
export function bubbles({ width, height }: Canvas): string {
  return (
    `<circle cx="${width * 0.86}" cy="${height * 0.18}" r="${height * 0.34}" fill="#ffffff" opacity="0.07"/>` +
    `<circle cx="${width * 0.08}" cy="${height * 0.96}" r="${height * 0.44}" fill="#ffffff" opacity="0.06"/>`
  );
}
