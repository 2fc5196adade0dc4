/** People in the placeholder pictures: the bearers' silhouettes and rows of delegates. */
import path from 'node:path';
import { FONT, hash, NAVY, PALETTES, svg } from './drawing.ts';
import type { Canvas, Photo } from './photoList.ts';

/** A row of head-and-shoulders shapes: an audience or a group of people. */
export function people(y: number, count: number, left: number, right: number, size: number, opacity: number): string {
  const step = (right - left) / Math.max(1, count - 1);
  let shapes = '';
  for (let index = 0; index < count; index++) {
    const x = Math.round(left + index * step);
    shapes += `<circle cx="${x}" cy="${y}" r="${size}"/><path d="M${x - size * 1.7} ${y + size * 3.2}c0-${size * 1.6} ${size * 0.8}-${size * 2.1} ${size * 1.7}-${size * 2.1}s${size * 1.7} ${size * 0.5} ${size * 1.7} ${size * 2.1}z"/>`;
  }
  return `<g fill="#ffffff" opacity="${opacity}">${shapes}</g>`;
}

export function drawBearer(photo: Photo, canvas: Canvas): string {
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
