/**
 * A contact message's fields, each described once: its column in the store (table contact_messages,
 * src/server/database.ts) with its type, what staff call it (the admin's message page, the mail to the
 * office), and how the admin's CSV file writes it: its heading (the label unless given) and its cell.
 * A field with no cell is kept but not exported. The store reads these columns, and the exports
 * (exportMessages.ts) write them; the types of the cells are checked against the columns' by zod's
 * registry (zod.dev/metadata, "Referencing inferred types").
 */
import { z } from 'zod';
import { formatIndiaCell } from '../../lib/indiaTime.ts';
import { phoneNumber } from '../../lib/phoneNumber.ts';

const staff = z.registry<{ label: string; heading?: string; cell?: (value: z.$output) => string | number }>();

/** The e-mail to the office, in words. */
export const STATE_LABELS = {
  stored: 'stored (read it here)',
  pending: 'waiting to be e-mailed',
  sending: 'being e-mailed',
  sent: 'e-mailed',
} as const;

const asWritten = (text: string) => text;
const indiaTimeIfAny = (time: string | null) => (time ? formatIndiaCell(time) : '');

/**
 * A phone as the admin shows it ("+91 98765 43210"), marked as text by a leading apostrophe, as the formula
 * escape marks a cell: as bare digits ("919876543210") a spreadsheet reads a number, and drops a leading 0.
 */
const phoneCell = (digits: string) => (digits ? `'${phoneNumber(digits).text}` : '');

const storedMessageSchema = z.object({
  id: z
    .number()
    .int()
    .register(staff, { label: 'Number', cell: (id) => id }),
  received_at: z.string().register(staff, { label: 'Received', heading: 'Received (IST)', cell: formatIndiaCell }),
  name: z.string().register(staff, { label: 'Name', cell: asWritten }),
  email: z.string().register(staff, { label: 'E-mail', cell: asWritten }),
  phone: z.string().register(staff, { label: 'Phone', cell: phoneCell }),
  message: z.string().register(staff, { label: 'Message', cell: asWritten }),
  delivery_state: z
    .enum(['stored', 'pending', 'sending', 'sent'])
    .register(staff, { label: 'E-mail to the office', cell: (state) => STATE_LABELS[state] }),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  sent_at: z
    .string()
    .nullable()
    .register(staff, { label: 'E-mailed at', heading: 'E-mailed at (IST)', cell: indiaTimeIfAny }),
  /** In the inbox, or held as possible spam (kept, not e-mailed, deleted sooner: see ContactService). */
  status: z
    .enum(['inbox', 'held'])
    .register(staff, { label: 'Where', cell: (status) => (status === 'held' ? 'Held as possible spam' : 'Inbox') }),
  held_reason: z.string().register(staff, { label: 'Why held', cell: asWritten }),
  read_at: z.string().nullable(),
  handled_at: z
    .string()
    .nullable()
    .register(staff, { label: 'Answered', heading: 'Answered (marked at IST)', cell: indiaTimeIfAny }),
});

export type StoredMessage = z.infer<typeof storedMessageSchema>;
type MessageField = keyof StoredMessage;

const FIELDS = storedMessageSchema.keyof().options;

/** The columns a message is read with. */
export const MESSAGE_COLUMNS = FIELDS.join(', ');

/** A stored row as the rest of the code reads it (checked, never trusted). */
export function parseStoredMessage(row: unknown): StoredMessage {
  return storedMessageSchema.parse(row);
}

/** What staff call a field: "E-mail". */
export function labelOf(field: MessageField): string {
  return staff.get(storedMessageSchema.shape[field])?.label ?? field;
}

/** Each exported field: its column (for `npm run messages -- --csv`), and its heading and cell in the admin's file. */
export const EXPORTED = FIELDS.flatMap((column) => {
  const shown = staff.get(storedMessageSchema.shape[column]);
  const cell = shown?.cell;
  if (!cell) return [];
  return [{ column, heading: shown.heading ?? shown.label, cell: (message: StoredMessage) => cell(message[column]) }];
});
