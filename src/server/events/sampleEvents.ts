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

interface SampleEvent {
  title: string;
  subtitle: string;
  date: string;
  /** What the photos show, one per photo; the first is the event page heading. */
  photos: string[];
}

const SAMPLE_EVENTS: readonly SampleEvent[] = [
  {
    title: 'Tamil Nadu - State Quiz for Postgraduates',
    subtitle: 'The annual anaesthesia quiz, finals in Trichy',
    date: '2025-08-23',
    photos: [
      'State quiz finals for postgraduates, August 2025',
      'The quiz master opens round one',
      'Finalists at the buzzer',
      'Winners with their certificates',
    ],
  },
  {
    title: 'Tamil Nadu - World Anaesthesia Day 2025',
    subtitle: 'Public awareness events in every branch',
    date: '2025-10-16',
    photos: [
      'World Anaesthesia Day across Tamil Nadu, October 2025',
      'A walk for safe anaesthesia',
      'Talk for school students',
      'Members with the awareness banner',
      'Cake for the 179th anniversary of ether',
    ],
  },
  {
    title: 'Salem - Airway Workshop',
    subtitle: 'Hands-on difficult airway skills on manikins',
    date: '2025-03-14',
    photos: [
      'Airway workshop at Salem, March 2025',
      'Video laryngoscopy station',
      'Front-of-neck access drill',
      'Faculty and delegates',
    ],
  },
  {
    title: 'Salem - Regional Anaesthesia CME',
    subtitle: 'Ultrasound-guided blocks of the lower limb',
    date: '2024-07-12',
    photos: ['Regional anaesthesia CME at Salem, July 2024', 'Scanning the femoral nerve', 'Needle guidance practice'],
  },
  {
    title: 'Salem - Branch Annual Meeting',
    subtitle: 'Reports, elections and a guest lecture',
    date: '2022-12-03',
    photos: ['Salem branch annual meeting, December 2022', 'The guest lecture', 'New office bearers'],
  },
  {
    title: 'Madurai - Obstetric Anaesthesia CME',
    subtitle: 'Safe anaesthesia for mother and baby',
    date: '2025-05-09',
    photos: [
      'Obstetric anaesthesia CME at Madurai, May 2025',
      'Panel on post-partum haemorrhage',
      'Simulation of a category one caesarean',
      'Question time',
      'Organising team',
    ],
  },
  {
    title: 'Madurai - Simulation Day',
    subtitle: 'Crisis resource management in the operating theatre',
    date: '2023-09-15',
    photos: [
      'Simulation day at Madurai, September 2023',
      'Debriefing after a scenario',
      'Team at the simulator',
      'Faculty briefing',
    ],
  },
  {
    title: 'Madurai - Pain Management Update',
    subtitle: 'Acute pain services on the ward',
    date: '2021-11-20',
    photos: ['Pain management update at Madurai, November 2021', 'Lecture on multimodal analgesia', 'Delegates'],
  },
  {
    title: 'Coimbatore - Critical Care Symposium',
    subtitle: 'Ventilation and sepsis in the ICU',
    date: '2025-01-25',
    photos: [
      'Critical care symposium at Coimbatore, January 2025',
      'Keynote on ventilation',
      'Workshop on bedside ultrasound',
      'Panel discussion',
      'Poster session',
      'Closing session',
    ],
  },
  {
    title: 'Coimbatore - Paediatric Anaesthesia Workshop',
    subtitle: 'Small patients, safe hands',
    date: '2024-02-17',
    photos: [
      'Paediatric anaesthesia workshop at Coimbatore, February 2024',
      'Paediatric airway station',
      'Intravenous access in infants',
      'Group photo',
    ],
  },
  {
    title: 'Coimbatore - Sports Meet',
    subtitle: 'A day of cricket, badminton and relay races',
    date: '2022-02-26',
    photos: ['Sports meet at Coimbatore, February 2022', 'Relay race start', 'Badminton doubles', 'Prize giving'],
  },
  {
    title: 'Chennai - Cardiac Anaesthesia Update',
    subtitle: 'The cardiac patient for non-cardiac surgery',
    date: '2025-06-21',
    photos: [
      'Cardiac anaesthesia update at Chennai, June 2025',
      'Echo for the anaesthesiologist',
      'Case discussions',
      'Faculty',
    ],
  },
  {
    title: 'Chennai - Exam Cases Revision Course',
    subtitle: 'Long and short cases for the final examination',
    date: '2024-11-09',
    photos: [
      'Exam cases revision course at Chennai, November 2024',
      'Mock viva',
      'Long case presentation',
      'Feedback session',
      'Course faculty',
      'Candidates',
    ],
  },
  {
    title: 'Chennai - Covid-19 Airway Webinar Day',
    subtitle: 'Lessons from the pandemic',
    date: '2021-06-19',
    photos: ['Covid-19 airway day at Chennai, June 2021', 'Personal protective equipment drill', 'Online panel'],
  },
  {
    title: 'Tamil Nadu - Annual State Conference 2023',
    subtitle: 'Three days of science and fellowship',
    date: '2023-08-11',
    photos: [
      'Annual state conference of Tamil Nadu, August 2023',
      'Inauguration',
      'Plenary lecture',
      'Trade exhibition',
      'Award ceremony',
      'Cultural evening',
      'Conference team',
      'Delegates',
    ],
  },
  {
    title: 'Tamil Nadu - Rural Postgraduate CME',
    subtitle: 'A CME for postgraduates of district colleges',
    date: '2021-09-04',
    photos: ['Rural postgraduate CME of Tamil Nadu, September 2021', 'Lecture hall', 'Skills station'],
  },
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

/** Draws the sample photos into DATA_DIR/uploads/events/ and returns the events that name them. */
export async function createSampleEvents(dataDir: string): Promise<NewEvent[]> {
  const folder = path.join(dataDir, 'uploads', 'events');
  rmSync(folder, { recursive: true, force: true });
  const events: NewEvent[] = [];
  for (const [eventIndex, sample] of SAMPLE_EVENTS.entries()) {
    const eventId = eventIndex + 1;
    mkdirSync(path.join(folder, String(eventId)), { recursive: true });
    const [place = sample.title, name = ''] = sample.title.split(' - ');
    const images = await Promise.all(
      sample.photos.map(async (description, photoIndex) => {
        const file = `${photoIndex + 1}.jpg`;
        await sharp(Buffer.from(photoSvg(name || place, description, photoIndex, sample.photos.length, eventIndex)))
          .jpeg({ quality: 70 })
          .toFile(path.join(folder, String(eventId), file));
        return { event_image: `/Admin/uploads/events/${eventId}/${file}`, img_description: description };
      }),
    );
    events.push({
      events_id: eventId,
      events_title: sample.title,
      events_sub_title: sample.subtitle,
      events_image: images[0]?.event_image ?? '',
      events_date: sample.date,
      images,
    });
  }
  return events;
}
