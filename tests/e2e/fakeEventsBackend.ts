/**
 * A small fake of the society's events backend for the browser tests in remote mode (started by
 * playwright.config.ts): the POST events_list and event_details_list of docs/SPEC.md point 7, with the
 * doubled slashes the real one writes in every form a path can take (relative, absolute, full
 * URL, another letter case), and its photos under /Admin/uploads/ (600 by 400 JPEGs drawn at
 * start). GET /healthz tells Playwright it is up. Listens on 127.0.0.1:$PORT.
 */
import { fakeBackend } from '../fakeBackend.ts';
import { solidJpeg } from '../solidJpeg.ts';

const port = Number(process.env.PORT);
if (!Number.isInteger(port) || port < 1) throw new Error('Set PORT to the port the fake backend should listen on.');

/** A month from now: event 503 is always still to come. */
const comingDay = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);

/**
 * The events it knows; the photo list of 502 is not an array, as the real backend sometimes sends;
 * 503, still to come, has a NUL, a BS, an ESC and a BEL in its title and sub-title (tests/e2e/feed.spec.ts).
 */
const FAKE_EVENTS = [
  {
    events_id: 501,
    events_title: 'Tamil Nadu - Remote Backend Workshop',
    events_sub_title: 'Served by the society backend',
    events_image: 'Admin//uploads/remote/501/1.jpg',
    events_date: '2025-04-05',
  },
  {
    events_id: 502,
    events_title: 'Salem - Remote CME',
    events_sub_title: 'No photos yet',
    events_image: '/Admin//uploads/remote/502/1.jpg',
    events_date: '2025-05-06',
  },
  {
    events_id: 503,
    events_title: 'Madurai -\u0000 Control\u0008 Characters\u001b CME',
    events_sub_title: 'Sent\u0007 by an old backend',
    events_image: '',
    events_date: comingDay,
  },
];

const PHOTO_COLOURS = ['#1d4e89', '#7a2e8f', '#2f7d32'];
const photos = new Map<string, Buffer>();
for (const [index, background] of PHOTO_COLOURS.entries()) {
  photos.set(`/Admin/uploads/remote/501/${index + 1}.jpg`, await solidJpeg(600, 400, background));
}
photos.set('/Admin/uploads/remote/502/1.jpg', photos.get('/Admin/uploads/remote/501/1.jpg') ?? Buffer.alloc(0));

/** The path forms of event 501's photos, one per photo. */
const PATH_FORMS = [
  (file: string) => `/Admin//uploads/remote/501/${file}`,
  (file: string) => `http://127.0.0.1:${port}/Admin//uploads/remote/501/${file}`,
  (file: string) => `admin//UPLOADS/remote/501/${file}`,
];

function details(eventId: unknown) {
  if (eventId === 501) {
    return {
      records: PHOTO_COLOURS.map((_colour, index) => ({
        event_image: PATH_FORMS[index % PATH_FORMS.length]?.(`${index + 1}.jpg`) ?? '',
        img_description: index === 0 ? 'Remote workshop, first photo' : `Remote workshop, photo ${index + 1}`,
      })),
    };
  }
  return { records: eventId === 502 ? { event_image: '/Admin/uploads/remote/502/1.jpg' } : [] };
}

function eventIdOf(body: string): unknown {
  try {
    const parsed: unknown = JSON.parse(body);
    return typeof parsed === 'object' && parsed !== null ? Reflect.get(parsed, 'eventId') : undefined;
  } catch {
    return undefined;
  }
}

const server = fakeBackend(({ method, url, body }, response, json) => {
  if (method === 'POST' && url === '/Admin/api/events_list') return json({ records: FAKE_EVENTS });
  if (method === 'POST' && url === '/Admin/api/event_details_list') return json(details(eventIdOf(body)));
  const photo = method === 'GET' ? photos.get(url) : undefined;
  if (photo) return response.writeHead(200, { 'Content-Type': 'image/jpeg' }).end(photo);
  if (url === '/healthz') return response.writeHead(200, { 'Content-Type': 'text/plain' }).end('ok');
  return response.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
});
server.listen(port, '127.0.0.1', () => console.info(`Fake events backend on http://127.0.0.1:${port}`));
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => server.close(() => process.exit(0)));
