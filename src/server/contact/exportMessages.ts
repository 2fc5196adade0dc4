/**
 * Stored contact messages as staff read them (`npm run messages`): readable text, JSON or CSV.
 * CSV cells that a spreadsheet would run as a formula (starting with =, +, - or @) are prefixed
 * with an apostrophe, so a message cannot run anything when the file is opened.
 */
import type { StoredMessage } from './messageStore.ts';

export type MessagesFormat = 'text' | 'json' | 'csv';

const STATE_LABELS: Record<StoredMessage['delivery_state'], string> = {
  stored: 'stored (read it here)',
  pending: 'waiting to be e-mailed',
  sending: 'being e-mailed',
  sent: 'e-mailed',
};

const CSV_COLUMNS = ['id', 'received_at', 'name', 'email', 'phone', 'message', 'delivery_state', 'sent_at'] as const;

function csvCell(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function formatMessages(messages: readonly StoredMessage[], format: MessagesFormat): string {
  if (format === 'json') return `${JSON.stringify(messages, null, 2)}\n`;
  if (format === 'csv') {
    const rows = messages.map((message) => CSV_COLUMNS.map((column) => csvCell(message[column])).join(','));
    return `${[CSV_COLUMNS.join(','), ...rows].join('\r\n')}\r\n`;
  }
  if (messages.length === 0) return 'No messages yet.\n';
  return messages
    .map((message) => {
      const from = `${message.name} <${message.email}>${message.phone ? `, phone ${message.phone}` : ''}`;
      const failure =
        message.delivery_state === 'pending' && message.last_error
          ? `\n   last attempt failed: ${message.last_error} (${message.attempts} so far)`
          : '';
      const body = message.message
        .split(/\r?\n/)
        .map((line) => `   ${line}`)
        .join('\n');
      return `#${message.id}  ${message.received_at}  ${STATE_LABELS[message.delivery_state]}${failure}\n   From: ${from}\n\n${body}\n`;
    })
    .join('\n');
}
