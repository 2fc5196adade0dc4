/**
 * The fictional sample events loaded into an empty store: 16 events across the five places
 * and the years 2021 to 2025, each with 3 to 8 photos drawn here with sharp (a gradient with
 * the event's title), so that a fresh checkout has a working Monthly Activities page.
 */
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { escapeXml } from '../../lib/escapeXml.ts';
import type { NewEvent } from './SqliteEventsSource.ts';

/** Title, subtitle, date and how many photos. */
type SampleEvent = readonly [title: string, subtitle: string, date: string, photos: number];

const SAMPLE_EVENTS: readonly SampleEvent[] = [
  ['Tamil Nadu - State Quiz for Postgraduates', 'The annual anaesthesia quiz, finals in Trichy', '2025-08-23', 4],
  ['Tamil Nadu - World Anaesthesia Day 2025', 'Public awareness events in every branch', '2025-10-16', 5],
  ['Salem - Airway Workshop', 'Hands-on difficult airway skills on manikins', '2025-03-14', 4],
  ['Salem - Regional Anaesthesia CME', 'Ultrasound-guided blocks of the lower limb', '2024-07-12', 3],
  ['Salem - Branch Annual Meeting', 'Reports, elections and a guest lecture', '2022-12-03', 3],
  ['Madurai - Obstetric Anaesthesia CME', 'Safe anaesthesia for mother and baby', '2025-05-09', 5],
  ['Madurai - Simulation Day', 'Crisis resource management in the operating theatre', '2023-09-15', 4],
  ['Madurai - Pain Management Update', 'Acute pain services on the ward', '2021-11-20', 3],
  ['Coimbatore - Critical Care Symposium', 'Ventilation and sepsis in the ICU', '2025-01-25', 6],
  ['Coimbatore - Paediatric Anaesthesia Workshop', 'Small patients, safe hands', '2024-02-17', 4],
  ['Coimbatore - Sports Meet', 'A day of cricket, badminton and relay races', '2022-02-26', 4],
  ['Chennai - Cardiac Anaesthesia Update', 'The cardiac patient for non-cardiac surgery', '2025-06-21', 4],
  ['Chennai - Exam Cases Revision Course', 'Long and short cases for the final examination', '2024-11-09', 6],
  ['Chennai - Covid-19 Airway Webinar Day', 'Lessons from the pandemic', '2021-06-19', 3],
  ['Tamil Nadu - Annual State Conference 2023', 'Three days of science and fellowship', '2023-08-11', 8],
  ['Tamil Nadu - Rural Postgraduate CME', 'A CME for postgraduates of district colleges', '2021-09-04', 3],
];

const COLOURS = [
  ['#0b2545', '#0d6e6e'],
  ['#13315c', '#1b998b'],
  ['#134074', '#38a3a5'],
  ['#22577a', '#57cc99'],
] as const;

function photoSvg(title: string, caption: string, index: number, total: number, colourIndex: number): string {
  const [from, to] = COLOURS[colourIndex % COLOURS.length] ?? COLOURS[0];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="1200" height="800" fill="url(#g)"/>
<circle cx="${980 - index * 60}" cy="180" r="260" fill="#fff" opacity="0.07"/>
<text x="600" y="360" font-family="DejaVu Sans, sans-serif" font-size="52" font-weight="700" fill="#fff" text-anchor="middle">${escapeXml(title)}</text>
<text x="600" y="440" font-family="DejaVu Sans, sans-serif" font-size="34" fill="#fff" text-anchor="middle">${escapeXml(caption.slice(0, 60))}</text>
<text x="600" y="720" font-family="DejaVu Sans, sans-serif" font-size="26" fill="#fff" opacity="0.8" text-anchor="middle">Sample photo ${index + 1} of ${total}</text>
</svg>`;
}

/** What photo `index` of a sample event shows: the first, the event page heading, says what and when. */
function photoDescription(name: string, place: string, date: string, index: number, total: number): string {
  if (index > 0) return `${name}, photo ${index + 1} of ${total}`;
  const month = new Date(date).toLocaleString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
  return `${name}, ${place}, ${month}`;
}

/** Draws the sample photos into DATA_DIR/uploads/events/ and returns the events that name them. */
export async function createSampleEvents(dataDir: string): Promise<NewEvent[]> {
  const folder = path.join(dataDir, 'uploads', 'events');
  rmSync(folder, { recursive: true, force: true });
  const events: NewEvent[] = [];
  for (const [eventIndex, [title, subtitle, date, photos]] of SAMPLE_EVENTS.entries()) {
    const eventId = eventIndex + 1;
    mkdirSync(path.join(folder, String(eventId)), { recursive: true });
    const [place = title, name = ''] = title.split(' - ');
    const images = await Promise.all(
      Array.from({ length: photos }, async (_, photoIndex) => {
        const description = photoDescription(name, place, date, photoIndex, photos);
        const file = `${photoIndex + 1}.jpg`;
        await sharp(Buffer.from(photoSvg(name || place, description, photoIndex, photos, eventIndex)))
          .jpeg({ quality: 70 })
          .toFile(path.join(folder, String(eventId), file));
        return { event_image: `/Admin/uploads/events/${eventId}/${file}`, img_description: description };
      }),
    );
    events.push({
      events_id: eventId,
      events_title: title,
      events_sub_title: subtitle,
      events_image: images[0]?.event_image ?? '',
      events_date: date,
      images,
    });
  }
  return events;
}
