/**
 * Stored contact messages as staff read them: the admin's **Export as CSV** file (`messagesCsvFile`: headings in
 * words, times in India's time zone, named), and `npm run messages` in a terminal (`formatMessages`): readable text
 * (times in India's time zone, as the admin shows them), JSON or CSV (exact UTC timestamps, column names).
 *
 * CSV is written by csv-stringify: a cell holding a comma, a semicolon (the separator of spreadsheets set up for
 * many European languages, and of some in India), a tab, a quote or a line break is quoted, and a cell that a
 * spreadsheet would run as a formula (starting with =, +, -, @, a tab or a carriage return, or their full-width
 * forms) is prefixed with an apostrophe (OWASP's CSV injection advice), so a message cannot run anything when the
 * file is opened, whatever the spreadsheet's separator.
 *
 * What visitors typed reaches the office's terminal through the command, so in every format it writes, every
 * control character (escape sequences that clear the screen or retitle the window, a bare carriage return that
 * overwrites the line, bidirectional overrides that reorder it) is shown as a visible \u{..} code, line breaks
 * inside a CSV cell excepted. JSON stays exact: it already writes C0 controls as \u escapes, and the C1 and
 * bidirectional ones are written so too (the same string once parsed). The admin's CSV file stays exact for the
 * spreadsheet that opens it.
 */
import { stringify } from 'csv-stringify/sync';
import { formatIndiaDateTime } from '../../lib/indiaTime.ts';
import { EXPORTED, STATE_LABELS, type StoredMessage } from './messageFields.ts';

export type MessagesFormat = 'text' | 'json' | 'csv';

/** C0 (but tab) and C1 controls, DEL, the line and paragraph separators, and the bidirectional marks, embeddings,
 * overrides and isolates. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point here
const CONTROL = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/g;
const CONTROL_OUTSIDE_JSON_ESCAPES = /[\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/g;

function codeOf(char: string): string {
  return (char.codePointAt(0) ?? 0).toString(16).padStart(4, '0');
}

/** `text` with every control character shown as a visible code, for a terminal. */
export function terminalSafe(text: string): string {
  return text.replace(CONTROL, (char) => `\\u{${codeOf(char)}}`);
}

/** The same, keeping line breaks (\n, \r\n): a CSV cell's lines. */
function terminalSafeLines(text: string): string {
  return text
    .split(/(\r?\n)/)
    .map((part, index) => (index % 2 === 1 ? part : terminalSafe(part)))
    .join('');
}

/** CSV with a header of `columns`, CRLF line ends, quoted where a spreadsheet needs it and formulas defused. */
function csvOf(rows: (string | number | null)[][], columns: string[], cell?: (text: string) => string): string {
  return stringify(rows, {
    header: true,
    columns,
    record_delimiter: 'windows',
    quote_record_delimiter: true, // A line break of any kind, not only CRLF (its default once a delimiter is set).
    escape_formulas: true,
    quoted_match: [';', '\t'],
    ...(cell && { cast: { string: cell } }),
  });
}

/**
 * The CSV the admin's Export as CSV downloads, for people, the visitors' text exact: UTF-8 with a byte-order mark,
 * so that a spreadsheet opens Tamil and other non-Latin text with the right characters.
 */
export function messagesCsvFile(messages: readonly StoredMessage[]): string {
  const rows = messages.map((message) => EXPORTED.map(({ cell }) => cell(message)));
  return `\uFEFF${csvOf(
    rows,
    EXPORTED.map(({ heading }) => heading),
  )}`;
}

/** What `npm run messages` prints: in every format, no control character a terminal would act on (see above). */
export function formatMessages(messages: readonly StoredMessage[], format: MessagesFormat): string {
  if (format === 'json') {
    const json = JSON.stringify(messages, null, 2).replace(
      CONTROL_OUTSIDE_JSON_ESCAPES,
      (char) => `\\u${codeOf(char)}`,
    );
    return `${json}\n`;
  }
  if (format === 'csv') {
    const rows = messages.map((message) => EXPORTED.map(({ column }) => message[column]));
    return csvOf(
      rows,
      EXPORTED.map(({ column }) => column),
      terminalSafeLines,
    );
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
