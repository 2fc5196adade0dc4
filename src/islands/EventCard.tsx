/** One card of the Monthly Activities list: the event's photo, title, sub-title and View More. */
import type { EventRecord } from '../lib/events/eventRecords.ts';
import { photoVariants } from '../lib/events/photoVariants.ts';
import './EventCard.css';

/** What a card shows: plain data, as the page hands it to the island. */
export interface EventCardData {
  id: string;
  title: string;
  subtitle: string;
  /** The photo's path ("/Admin/uploads/events/3/1.jpg") or a built image's URL. */
  image: string;
  href: string;
}

/** The card of an event of the events API. */
export function eventCardData(event: EventRecord): EventCardData {
  return {
    id: String(event.events_id),
    title: event.events_title,
    subtitle: event.events_sub_title,
    image: event.events_image,
    href: `/Events/${event.events_id}`,
  };
}

/** How wide a card's picture is drawn, by the grid's columns (.events-grid in EventsBrowser.css). */
const CARD_IMAGE_SIZES =
  '(min-width: 1184px) 368px, (min-width: 896px) 33vw, (min-width: 600px) 50vw, calc(100vw - 2rem)';

export interface EventCardProps {
  card: EventCardData;
  /** The first card: its photo is the page's largest paint, so it loads at once, with high priority. */
  priority?: boolean;
}

export function EventCard({ card, priority = false }: EventCardProps) {
  const picture = photoVariants(card.image);
  return (
    <li className="event-card card" data-event-id={card.id}>
      <img
        className="event-card__image cover-image"
        src={picture.src}
        srcSet={picture.srcset}
        sizes={picture.srcset ? CARD_IMAGE_SIZES : undefined}
        alt=""
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : 'auto'}
        decoding={priority ? 'sync' : 'async'}
        width={600}
        height={400}
      />
      <div className="event-card__body">
        <h2 className="event-card__title">{card.title}</h2>
        {card.subtitle ? <p className="event-card__subtitle">{card.subtitle}</p> : null}
        <a className="button event-card__link" href={card.href}>
          View More<span className="visually-hidden">: {card.title}</span>
        </a>
      </div>
    </li>
  );
}
