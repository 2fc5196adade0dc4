/**
 * Stored contact messages as staff read them (`npm run messages`): readable text (times in India's
 * time zone, as the admin shows them), JSON or CSV (exact UTC timestamps).
 * CSV cells that a spreadsheet would run as a formula (starting with =, +, - or @) are prefixed
 * with an apostrophe, so a message cannot run anything when the file is opened.
 *
 * What visitors typed reaches the office's terminal, so the text form shows every control
 * character (escape sequences that clear the screen or retitle the window, a bare carriage
 * return that overwrites the line, bidirectional overrides that reorder it) as a visible \u{..}
 * code instead. JSON stays exact: it already writes C0 controls as \u escapes, and the C1 and
 * bidirectional ones are written so too (the same string once parsed). CSV stays exact for the
 * spreadsheet that opens it.
 */
import { formatIndiaDateTime } from '../../lib/indiaTime.ts';
import type { StoredMessage } from './messageStore.ts';

export type MessagesFormat = 'text' | 'json' | 'csv';

const STATE_LABELS: Record<StoredMessage['delivery_state'], string> = {
  stored: 'stored (read it here)',
  pending: 'waiting to be e-mailed',
  sending: 'being e-mailed',
  sent: 'e-mailed',
};

/** C0 (but tab) and C1 controls, DEL, and the bidirectional marks, embeddings, overrides and isolates. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point here
const CONTROL = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const CONTROL_OUTSIDE_JSON_ESCAPES = /[\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

function codeOf(char: string): string {
  return (char.codePointAt(0) ?? 0).toString(16).padStart(4, '0');
}

/** `text` with every control character shown as a visible code, for a terminal. */
export function terminalSafe(text: string): string {
  return text.replace(CONTROL, (char) => `\\u{${codeOf(char)}}`);
}

const CSV_COLUMNS = [
  'id',
  'received_at',
  'name',
  'email',
  'phone',
  'message',
  'delivery_state',
  'sent_at',
  'status',
  'held_reason',
  'handled_at',
] as const;

function csvCell(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * The CSV the admin's Export as CSV downloads: UTF-8 with a byte-order mark, so that a spreadsheet
 * opens Tamil and other non-Latin text with the right characters.
 */
export function messagesCsvFile(messages: readonly StoredMessage[]): string {
  return `\uFEFF${formatMessages(messages, 'csv')}`;
}

export function formatMessages(messages: readonly StoredMessage[], format: MessagesFormat): string {
  if (format === 'json') {
    const json = JSON.stringify(messages, null, 2).replace(
      CONTROL_OUTSIDE_JSON_ESCAPES,
      (char) => `\\u${codeOf(char)}`,
    );
    return `${json}\n`;
  }
  if (format === 'csv') {
    const rows = messages.map((message) => CSV_COLUMNS.map((column) => csvCell(message[column])).join(','));
    return `${[CSV_COLUMNS.join(','), ...rows].join('\r\n')}\r\n`;
  }
  if (messages.length === 0) return 'No messages yet.\n';
  return messages
    .map((message) => {
      const from = terminalSafe(`${message.name} <${message.email}>${message.phone ? `, phone ${message.phone}` : ''}`);
      const failure =
        message.delivery_state === 'pending' && message.last_error
          ? `\n   last attempt failed: ${terminalSafe(message.last_error)} (${message.attempts} so far)`
          : '';
      const body = message.message
        .split(/\r?\n/)
        .map((line) => `   ${terminalSafe(line)}`)
        .join('\n');
      const state =
        message.status === 'held'
          ? `held as possible spam: ${terminalSafe(message.held_reason)}`
          : STATE_LABELS[message.delivery_state];
      return `#${message.id}  ${formatIndiaDateTime(message.received_at)}  ${state}${failure}\n   From: ${from}\n\n${body}\n`;
    })
    .join('\n');
}
