/** An event as the backend lists it, with only what the filter and year tests look at written out. */
import type { EventRecord } from '../../../src/lib/events/eventRecords.ts';

export const event = (events_id: number, events_title: string, events_date: string): EventRecord => ({
  events_id,
  events_title,
  events_sub_title: '',
  events_image: '',
  events_date,
});
