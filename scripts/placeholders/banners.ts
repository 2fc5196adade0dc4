/** The home page's banner pictures (an operating theatre, a conference hall, teaching) and the logos. */
import path from 'node:path';
import { FONT, NAVY, textBlock } from './drawing.ts';
import { people } from './people.ts';
import type { Canvas } from './photoList.ts';

/** The large caption band at the bottom of the banner pictures. */
export function bannerCaption(canvas: Canvas, caption: string): string {
  const { width, height } = canvas;
  return (
    `<rect x="0" y="${height - 190}" width="${width}" height="130" fill="${NAVY}" opacity="0.55"/>` +
    textBlock(caption, { x: width / 2, y: height - 125, size: 74, width: width * 0.9 })
  );
}

export function bannerScene(canvas: Canvas, index: number): { body: string; from: string; to: string } {
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

export function drawLogo(file: string): string {
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
