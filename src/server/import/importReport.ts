/** The lines `npm run events:import` prints: a progress line per event, then the summary and every failure. */
import type { EventRecord } from '../../lib/events/eventRecords.ts';
import type { EventOutcome, ImportReport } from './importEvents.ts';

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

export function eventLine(event: EventRecord, outcome: EventOutcome): string {
  return `  event ${event.events_id} “${event.events_title}”: ${outcome}`;
}

export function reportLines(report: ImportReport, from: string, into: string): string[] {
  const { events, photosCopied, photosUnchanged, failures, neverShown, localOnly } = report;
  const lines = [
    `Imported from ${from} into ${into}:`,
    `  events: ${events.new} new, ${events.updated} updated, ${events.unchanged} unchanged${events.failed ? `, ${events.failed} failed` : ''}`,
    `  photos: ${photosCopied} copied, ${photosUnchanged} unchanged, ${failures.filter((failure) => failure.what.startsWith('photo')).length} failed`,
  ];
  if (neverShown.length > 0) {
    lines.push(`${plural(neverShown.length, 'record')} skipped, which the site never shows (no title or no date):`);
    for (const record of neverShown) lines.push(`  event ${record.eventId} “${record.title}”: ${record.reason}`);
  }
  if (localOnly > 0) {
    lines.push(`  ${plural(localOnly, 'event')} stored here but not on the backend left as they are`);
  }
  if (failures.length > 0) {
    lines.push(`${plural(failures.length, 'failure')} (run the import again once fixed; what was copied stays):`);
    for (const failure of failures) {
      lines.push(`  event ${failure.eventId} “${failure.title}”, ${failure.what}: ${failure.reason}`);
    }
  }
  return lines;
}
