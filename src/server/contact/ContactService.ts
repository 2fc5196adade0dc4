/**
 * What happens to a message from the contact form, for both ways it arrives (the island's JSON
 * request and the plain form post that works without JavaScript):
 *
 * 1. A sender over the rate limit is told to wait (429), before anything else.
 * 2. The form token must be one this site gave out (see formToken.ts), not older than a day;
 *    otherwise the answer hands back a new token.
 * 3. What looks like a bot is held, not dropped, and the sender is told what a person would be
 *    told: the hidden honeypot field was filled in, or a form from a page load came back faster
 *    than a person can fill it in (a browser's autofill can be that fast). A held message is
 *    stored with the reason, never e-mailed, shown to the office under "Held as possible spam"
 *    (one action moves it to the inbox) and deleted after 30 days: a visitor told that the
 *    message arrived is never lost. (A held message whose fields fail the form's checks is
 *    answered like any other: the visitor is told what to correct.)
 *    Every token's clock starts when it is given out: a token handed back in an answer (after a
 *    refusal, or for the next message) must wait the same time, so posting nonsense to get a
 *    token and sending the form with it at once saves a bot no time. A person who presses Submit
 *    again that quickly is asked to wait a moment rather than dropped (their text is kept).
 * 4. The fields are checked with the same zod schema the form uses in the browser.
 * 5. The message is stored (once, however often the same form is sent) before the visitor is
 *    told it arrived; with mail set up it is then e-mailed to the office (delivery.ts). The same
 *    form sent again with other text (the browser's Back, a correction, Submit) is not stored over
 *    the first, which the office may have read or been e-mailed: the visitor is told plainly that
 *    the correction was not sent, keeps the text, and gets a new form to send it as a new message.
 */
import {
  CONTACT_HONEYPOT_FIELD,
  CONTACT_RETENTION_DAYS,
  CONTACT_TOKEN_FIELD,
  HELD_RETENTION_DAYS,
  FORM_EXPIRED_MESSAGE,
  ALREADY_SENT_MESSAGE,
  RATE_LIMITED_MESSAGE,
  TOO_SOON_MESSAGE,
  checkContactForm,
  type ContactField,
} from '../../lib/contactForm.ts';
import { createSmtpTransport, deliverDue, type DeliveryReport, type MailTransport } from './delivery.ts';
import { checkFormToken, issueFormToken, type FormTokenOrigin } from './formToken.ts';
import type { ContactMessageStore } from './messageStore.ts';
import { RateLimiter } from './rateLimiter.ts';
import type { ContactSettings } from './settings.ts';

export type ContactOutcome =
  /** Stored (`detail` says whether it was new, the same form again, or held as possible spam). */
  | { kind: 'received'; detail: 'stored' | 'repeat' | 'held'; formToken: string }
  | { kind: 'invalid'; error: string; fields: ContactField[]; formToken: string }
  /** The same form was stored before with other text: this text is not stored (`formToken` sends it anew). */
  | { kind: 'already-sent'; error: string; formToken: string }
  | { kind: 'rate-limited'; error: string; retryAfterSeconds: number };

export interface ContactServiceOptions {
  store: ContactMessageStore;
  settings: ContactSettings;
  secret: Buffer;
  /** How mail is sent when settings.mail is set (default: SMTP to settings.mail.smtpUrl). */
  transport?: MailTransport;
  now?: () => Date;
}

const DAY = 24 * 60 * 60_000;

function field(input: unknown, name: string): unknown {
  return typeof input === 'object' && input !== null ? Reflect.get(input, name) : undefined;
}

export class ContactService {
  readonly #store: ContactMessageStore;
  readonly #settings: ContactSettings;
  readonly #secret: Buffer;
  readonly #transport: MailTransport | undefined;
  readonly #now: () => Date;
  readonly #limiter: RateLimiter;
  #delivering: Promise<DeliveryReport> | undefined;
  #again = false;

  constructor(options: ContactServiceOptions) {
    this.#store = options.store;
    this.#settings = options.settings;
    this.#secret = options.secret;
    this.#now = options.now ?? (() => new Date());
    this.#limiter = new RateLimiter(options.settings.rateLimit);
    const mail = options.settings.mail;
    this.#transport = mail ? (options.transport ?? createSmtpTransport(mail.smtpUrl)) : undefined;
  }

  /** Whether stored messages are also e-mailed to the office. */
  get mailsMessages(): boolean {
    return this.#transport !== undefined;
  }

  /**
   * A token for a form: 'page' for the form of a page load (GET of the Contact Us page), 'answer'
   * for one handed back after a post. Either counts from now.
   */
  issueToken(origin: FormTokenOrigin = 'page'): string {
    return issueFormToken(this.#secret, this.#now().getTime(), origin);
  }

  receive(input: unknown, clientAddress: string): ContactOutcome {
    const now = this.#now();
    const wait = this.#limiter.waitMs(clientAddress, now.getTime());
    if (wait > 0)
      return { kind: 'rate-limited', error: RATE_LIMITED_MESSAGE, retryAfterSeconds: Math.ceil(wait / 1000) };

    const rawToken = field(input, CONTACT_TOKEN_FIELD);
    const token = checkFormToken(rawToken, this.#secret, now.getTime(), this.#settings.maxFormAgeMs);
    if (!token.ok) {
      return { kind: 'invalid', error: FORM_EXPIRED_MESSAGE, fields: [], formToken: this.issueToken('answer') };
    }

    const honeypot = field(input, CONTACT_HONEYPOT_FIELD);
    const tooFast = now.getTime() - token.issuedAt < this.#settings.minFillMs;
    if (tooFast && token.origin !== 'page') {
      return { kind: 'invalid', error: TOO_SOON_MESSAGE, fields: [], formToken: String(rawToken) };
    }
    const heldReason =
      typeof honeypot === 'string' && honeypot.trim() !== ''
        ? 'The hidden field that only robots fill in was filled in.'
        : tooFast
          ? `Sent ${Math.max(0, Math.round((now.getTime() - token.issuedAt) / 100) / 10)} seconds after the page opened.`
          : '';

    const check = checkContactForm(input);
    if (!check.ok) {
      // The same token: the time the visitor has spent still counts.
      return { kind: 'invalid', error: check.error, fields: check.fields, formToken: String(rawToken) };
    }

    this.#limiter.hit(clientAddress, now.getTime());
    const stored = this.#store.add(check.message, token.nonce, now, this.mailsMessages, heldReason);
    if (stored.duplicate && !stored.sameText) {
      return { kind: 'already-sent', error: ALREADY_SENT_MESSAGE, formToken: this.issueToken('answer') };
    }
    if (!stored.duplicate && !heldReason) void this.deliverNow();
    const detail = stored.duplicate ? 'repeat' : heldReason ? 'held' : 'stored';
    return { kind: 'received', detail, formToken: this.issueToken('answer') };
  }

  /**
   * E-mails what is due now. Calls while a round is running ask for one more round after it,
   * so a message stored during a round is not left waiting for the next timer.
   */
  deliverNow(): Promise<DeliveryReport> {
    const transport = this.#transport;
    const mail = this.#settings.mail;
    if (!transport || !mail) return Promise.resolve({ sent: 0, failed: 0 });
    if (this.#delivering) {
      this.#again = true;
      return this.#delivering;
    }
    const round = async (): Promise<DeliveryReport> => {
      const total: DeliveryReport = { sent: 0, failed: 0 };
      do {
        this.#again = false;
        const report = await deliverDue(this.#store, transport, mail, this.#now);
        total.sent += report.sent;
        total.failed += report.failed;
      } while (this.#again);
      return total;
    };
    this.#delivering = round()
      .catch((error: unknown) => {
        console.error('Contact messages: delivery failed:', error instanceof Error ? error.message : error);
        return { sent: 0, failed: 0 };
      })
      .finally(() => {
        this.#delivering = undefined;
      });
    return this.#delivering;
  }

  /** Waits for a delivery round in progress (the store's connection is closed by whoever opened it). */
  async close(): Promise<void> {
    await this.#delivering;
  }

  /**
   * Deletes messages older than the retention period the privacy notice states, and messages held
   * as possible spam after their shorter one.
   */
  deleteExpired(): number {
    const now = this.#now().getTime();
    return (
      this.#store.deleteReceivedBefore(new Date(now - CONTACT_RETENTION_DAYS * DAY)) +
      this.#store.deleteHeldBefore(new Date(now - HELD_RETENTION_DAYS * DAY))
    );
  }

  /**
   * Every `intervalMs`: retries messages whose delivery is due, and deletes expired ones.
   * Returns a function that stops it. The timer does not keep the process alive.
   */
  startMaintenance(intervalMs = 60_000): () => void {
    const tick = () => {
      try {
        const deleted = this.deleteExpired();
        if (deleted > 0)
          console.info(`Contact messages: deleted ${deleted} older than ${CONTACT_RETENTION_DAYS} days.`);
      } catch (error) {
        console.error('Contact messages: clean-up failed:', error instanceof Error ? error.message : error);
      }
      void this.deliverNow();
    };
    tick();
    const timer = setInterval(tick, intervalMs);
    timer.unref();
    return () => clearInterval(timer);
  }
}
