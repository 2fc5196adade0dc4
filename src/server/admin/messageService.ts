/**
 * What the admin's message pages do, so that the pages only compose: find the message a page's
 * address names, and change it (answered or not, moved out of held, deleted). Every change,
 * and each person's first reading of a message, leaves an audit row naming the message by its id,
 * never its text.
 */
import { formatIndiaDateTime } from '../../lib/indiaTime.ts';
import { parseId } from '../../lib/parseId.ts';
import type { StoredMessage } from '../contact/messageStore.ts';
import { signedIn, type AdminLocals } from './adminGuard.ts';

type SignedInLocals = Extract<AdminLocals, { mode: 'signed-in' }>;

type MessageDone = 'handled' | 'not-handled' | 'released';

/** The signed-in admin and the message the address names, or 404 (the admin guard answered any other method). */
export function adminMessagePage(
  locals: App.Locals,
  messageId: string | undefined,
): Response | (SignedInLocals & { message: StoredMessage }) {
  const admin = signedIn(locals);
  const id = parseId(messageId);
  const message = id === undefined ? undefined : admin.services.messages.get(id);
  if (!message) return new Response(null, { status: 404 });
  return { ...admin, message };
}

/**
 * Opening a message: it is read from now on, and who read it is in the audit log, once per person
 * and message (opening it again is a page view, not a row: auditLog.ts).
 */
export function readMessage({ services, session }: SignedInLocals, message: StoredMessage): void {
  services.messages.markRead(message.id);
  const read = { username: session.username, action: 'message-read', detail: `message ${message.id}` } as const;
  if (!services.audit.has(read)) services.audit.record(read);
}

/** A change of a message (the admin's actions, src/actions/messages.ts): where its page goes next, or why not. */
export type MessageOutcome = { ok: true; next: string } | { ok: false; error: string };

const NO_SUCH_MESSAGE: MessageOutcome = { ok: false, error: 'There is no such message: it may have been deleted.' };

const doneWith = (id: number, what: MessageDone) => `/Admin/messages/${id}?done=${what}`;

/** Marks a message answered or not (a person replied by e-mail or phoned). */
export function setMessageAnswered(
  { services, session }: SignedInLocals,
  id: number,
  answered: boolean,
): MessageOutcome {
  if (!services.messages.get(id)) return NO_SUCH_MESSAGE;
  services.messages.setHandled(id, answered);
  const action = answered ? 'message-handled' : 'message-not-handled';
  services.audit.record({ username: session.username, action, detail: `message ${id}` });
  return { ok: true, next: doneWith(id, answered ? 'handled' : 'not-handled') };
}

/** Moves a message held as possible spam to the inbox. */
export function releaseMessage({ services, session }: SignedInLocals, id: number): MessageOutcome {
  if (!services.messages.release(id)) return { ok: false, error: 'That message is not held as possible spam.' };
  services.audit.record({ username: session.username, action: 'message-released', detail: `message ${id}` });
  return { ok: true, next: doneWith(id, 'released') };
}

export function deleteMessage({ services, session }: SignedInLocals, id: number): MessageOutcome {
  if (!services.messages.get(id)) return NO_SUCH_MESSAGE;
  services.messages.delete(id);
  services.audit.record({ username: session.username, action: 'message-deleted', detail: `message ${id}` });
  return { ok: true, next: '/Admin/messages?done=message-deleted' };
}

/**
 * A mailto: link answering the message: its subject, a greeting by the sender's name and their
 * message quoted below (mail programs take at most a few thousand characters in a link: a long
 * message is quoted in part).
 */
export function replyHref(message: StoredMessage): string {
  const subject = encodeURIComponent('Re: your message to ISA Tamilnadu');
  const quoted = message.message.length > MAX_QUOTED ? `${message.message.slice(0, MAX_QUOTED)}…` : message.message;
  const body = [
    `Dear ${message.name.trim() || 'Sir or Madam'},`,
    '',
    '',
    '',
    `On ${formatIndiaDateTime(message.received_at)} you wrote to us through the website:`,
    ...quoted.split(/\r?\n/).map((line) => `> ${line}`),
  ].join('\r\n');
  const to = encodeURIComponent(message.email).replace('%40', '@');
  return `mailto:${to}?subject=${subject}&body=${encodeURIComponent(body)}`;
}

const MAX_QUOTED = 1500;

/**
 * How the message's e-mailing stands, for the office (shown only when mail is set up), in plain words; why the last
 * attempt failed, as the mail server said it, is for the maintainer (`detail`).
 */
export function deliveryText(message: StoredMessage): { text: string; detail?: string } {
  if (message.status === 'held') return { text: 'Not e-mailed: held as possible spam.' };
  if (message.delivery_state === 'sent') return { text: 'E-mailed to the office.' };
  if (message.delivery_state === 'stored') return { text: 'Not e-mailed (it arrived before mail was set up).' };
  if (message.last_error) {
    const tries = message.attempts === 1 ? 'the first try' : `all ${message.attempts} tries`;
    return {
      text: `Not e-mailed yet: ${tries} failed, and it is tried again. It is kept here meanwhile: reply from this page.`,
      detail: `The mail server answered: ${message.last_error}`,
    };
  }
  return { text: 'Waiting to be e-mailed.' };
}
