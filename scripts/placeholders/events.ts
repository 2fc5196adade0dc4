/**
 * Every placeholder picture, by kind: the events' scenes (activities, webinars, the cricket
 * tournament, the sports meet and its video poster, the awareness song) drawn here, bearers and
 * banners by their own modules.
 */
import { bannerCaption, bannerScene, drawLogo } from './banners.ts';
import { bubbles, FONT, hash, NAVY, PALETTES, sampleBadge, svg, textBlock } from './drawing.ts';
import { drawBearer, people } from './people.ts';
import { canvasOf, captionOf, kindOf, numberOf, relativeName, type Photo } from './photoList.ts';

export function svgFor(photosDir: string, photo: Photo): string {
  const kind = kindOf(photosDir, photo.file);
  const canvas = canvasOf(kind);
  const { width, height } = canvas;
  const caption = captionOf(photo, kind);
  const [from, to] = PALETTES[hash(relativeName(photosDir, photo.file)) % PALETTES.length] ?? PALETTES[0];

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
