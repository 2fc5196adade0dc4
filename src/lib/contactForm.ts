/**
 * The contact form of docs/SPEC.md points 4 and 5: its fields, the zod schema of a message (shared by the
 * form in the browser and by the server that stores it, src/server/contact), the phone rule
 * "every non-digit is stripped" and the messages a visitor sees.
 *
 * The schema uses zod/mini, zod's tree-shakable build: the form island ships it to the browser,
 * where the full zod would cost several times more JavaScript for the same checks.
 */
import * as z from 'zod/mini';

// The form runs in the browser, whose Content-Security-Policy forbids eval: jitless, zod never
// probes for it (see src/lib/zodWithoutEval.ts, the same setting for the full zod).
z.config({ jitless: true });

export const CONTACT_FIELDS = ['name', 'email', 'phone', 'message'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

/** What the visitor has typed, field by field. */
export type ContactFormValues = Record<ContactField, string>;

export const EMPTY_CONTACT_FORM: ContactFormValues = { name: '', email: '', phone: '', message: '' };

/** The text of docs/SPEC.md point 8, shown when a required field is empty. */
export const MISSING_FIELDS_MESSAGE = 'Please fill in all required fields';
/** Shown once a message is stored (the office reads it, or it is e-mailed to them). */
export const MESSAGE_RECEIVED =
  'Thank you. Your message has reached the office, and we will reply by e-mail (or phone, if you gave a number).';
/** The form's token was missing, forged or more than a day old (see src/server/contact/formToken.ts). */
export const FORM_EXPIRED_MESSAGE =
  'This form had to be refreshed before it could be sent. Your text is still here: please press Submit again.';
/** A form handed back in an answer (see FORM_EXPIRED_MESSAGE) was sent again before it could count. */
export const TOO_SOON_MESSAGE = 'Please wait a few seconds, then press Submit again. Your text is still here.';
/** The same form was sent before with other text (the browser's Back, a correction, Submit): this text was not sent. */
export const ALREADY_SENT_MESSAGE =
  'This form was already sent, with other text. Your corrected text is still here but has not been sent: to send it as a new message, wait a few seconds, then press Submit again.';
export const RATE_LIMITED_MESSAGE =
  'We have received several messages from your connection in the last few minutes. Please wait a little and try again, or phone the office.';
export const NOT_SENT_MESSAGE =
  'Sorry, your message could not be sent just now. Your text is still here: please try again in a minute, or phone or e-mail the office.';
export const INVALID_EMAIL_MESSAGE = 'Please enter a valid e-mail address, for example name@example.org';
export const PHONE_DIGITS_MESSAGE = 'Please write the phone number in digits only';

/** The form field that carries the server's form token (see src/server/contact/formToken.ts). */
export const CONTACT_TOKEN_FIELD = 'formToken';
/** A field hidden from people; bots that fill every field fill it in too. */
export const CONTACT_HONEYPOT_FIELD = 'website';
/** How long messages are kept (the privacy notice says so; older ones are deleted). */
export const CONTACT_RETENTION_DAYS = 365;
/** Messages held as possible spam (see ContactService) are deleted sooner; the privacy notice says so. */
export const HELD_RETENTION_DAYS = 30;

export const MAX_LENGTH: Record<ContactField, number> = { name: 200, email: 254, phone: 15, message: 5000 };

/** The form's fields out of a posted form (missing ones empty, the phone digits only). */
export function contactFormValues(posted: Readonly<Record<string, string | undefined>>): ContactFormValues {
  return {
    name: posted['name'] ?? '',
    email: posted['email'] ?? '',
    phone: stripNonDigits(posted['phone'] ?? ''),
    message: posted['message'] ?? '',
  };
}

/** Every character that is not a digit 0-9 removed: "+91 98765-43210" -> "919876543210". */
export function stripNonDigits(value: string): string {
  return value.replace(/[^0-9]/g, '');
}

function tooLong(what: string, max: number) {
  return { error: `Please shorten the ${what} to at most ${max} characters` };
}

function requiredText(what: string, max: number) {
  return z
    .string({ error: MISSING_FIELDS_MESSAGE })
    .check(z.trim(), z.minLength(1, { error: MISSING_FIELDS_MESSAGE }), z.maxLength(max, tooLong(what, max)));
}

const phoneSchema = z
  .string()
  .check(
    z.trim(),
    z.regex(/^[0-9]*$/, { error: PHONE_DIGITS_MESSAGE }),
    z.maxLength(MAX_LENGTH.phone, { error: `Please shorten the phone number to at most ${MAX_LENGTH.phone} digits` }),
  );

/** A message from the contact form: name, e-mail and message required, phone optional and digits only. */
export const contactFormSchema = z.object({
  name: requiredText('name', MAX_LENGTH.name),
  email: z.pipe(requiredText('e-mail address', MAX_LENGTH.email), z.email({ error: INVALID_EMAIL_MESSAGE })),
  phone: z._default(phoneSchema, ''),
  message: requiredText('message', MAX_LENGTH.message),
});

export type ContactMessage = z.infer<typeof contactFormSchema>;

export type ContactFormCheck =
  | { ok: true; message: ContactMessage }
  /** `fields` are the fields to mark invalid, in form order; `error` is the text to show. */
  | { ok: false; error: string; fields: ContactField[] };

function inFormOrder(fields: Iterable<ContactField>): ContactField[] {
  const set = new Set(fields);
  return CONTACT_FIELDS.filter((field) => set.has(field));
}

/**
 * Checks what the visitor typed. Empty required fields come first: they give the one message of
 * docs/SPEC.md point 8 and name every empty field. Otherwise the other problems (an e-mail address that
 * is not one, text that is too long) are reported together.
 */
export function checkContactForm(values: unknown): ContactFormCheck {
  const result = contactFormSchema.safeParse(values);
  if (result.success) return { ok: true, message: result.data };

  const problems = result.error.issues.flatMap((issue) => {
    const field = CONTACT_FIELDS.find((name) => name === issue.path[0]);
    return field ? [{ field, missing: issue.code === 'too_small' || issue.code === 'invalid_type', issue }] : [];
  });
  const missing = problems.filter((problem) => problem.missing);
  if (missing.length > 0 || problems.length === 0) {
    return {
      ok: false,
      error: MISSING_FIELDS_MESSAGE,
      fields: inFormOrder(missing.map((problem) => problem.field)),
    };
  }
  const fields = inFormOrder(problems.map((problem) => problem.field));
  const messages = fields.flatMap((field) => {
    const problem = problems.find((candidate) => candidate.field === field);
    return problem ? [problem.issue.message] : [];
  });
  return { ok: false, error: [...new Set(messages)].join('. '), fields };
}

/**
 * A posted contact form, as the contact action reads it (src/actions/contact.ts): the message's fields, the
 * phone's non-digits stripped as the form strips them while typing, the form token and the bot trap. Astro
 * reads an empty form field as null, so the optional ones are optional here; a missing token is checked
 * (and refused) with the others by the contact service, which also tells a form that must be sent again.
 */
export const contactPostSchema = z.object({
  ...contactFormSchema.shape,
  phone: z.optional(z.pipe(z.pipe(z.string(), z.transform(stripNonDigits)), phoneSchema)),
  [CONTACT_TOKEN_FIELD]: z.optional(z.string()),
  [CONTACT_HONEYPOT_FIELD]: z.optional(z.string()),
});
