/**
 * The contact form of docs/SPEC.md points 4 and 5: name, e-mail, phone (optional, digits only: every
 * other character is stripped as it is typed or pasted) and message.
 *
 * Submitting with a required field empty shows "Please fill in all required fields" (an alert),
 * marks the empty fields invalid and moves focus to the first of them. Otherwise the message goes
 * to the site's server (the contact action, src/actions/contact.ts), which stores it for the office;
 * once it is stored, every field is cleared and a polite status says so. If it could not be sent,
 * the text stays in the form and the visitor is told why.
 *
 * Without JavaScript the same form is an ordinary form post to the Contact Us page running the same
 * action, whose answer is the page again with the outcome (props `initial*`, rendered by the server).
 */
import { actions, isInputError, type ActionError } from 'astro:actions';
import { useEffect, useId, useState, type ChangeEvent, type SubmitEvent } from 'react';
import { typedBeforeHydration } from './typedBeforeHydration.ts';
import {
  CONTACT_FIELDS,
  CONTACT_HONEYPOT_FIELD,
  CONTACT_TOKEN_FIELD,
  MISSING_FIELDS_MESSAGE,
  EMPTY_CONTACT_FORM,
  MAX_LENGTH,
  MESSAGE_RECEIVED,
  NOT_SENT_MESSAGE,
  checkContactForm,
  stripNonDigits,
  type ContactField,
  type ContactFormValues,
} from '../lib/contactForm.ts';
import './ContactForm.css';

export interface ContactFormProps {
  /** Where the form posts without JavaScript (the Contact Us page, running the contact action). */
  action: string;
  /** The form token the server gave out with this page. */
  formToken: string;
  /** The privacy notice, linked under the form. */
  privacyHref: string;
  /** After a form post without JavaScript: what the visitor typed, and what went wrong or right. */
  initialValues?: ContactFormValues;
  initialError?: string;
  initialInvalid?: readonly ContactField[];
  initialReceived?: boolean;
}

type FieldElement = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** The action's refusals whose words are for the visitor (any other failure: NOT_SENT_MESSAGE). */
const TOLD = new Set(['BAD_REQUEST', 'CONFLICT', 'TOO_MANY_REQUESTS', 'SERVICE_UNAVAILABLE']);
/** Refusals after which the form must be sent with a new token (it was too old, or already used). */
const NEW_TOKEN = new Set(['BAD_REQUEST', 'CONFLICT']);

function refusalText(error: ActionError): string {
  if (error.code === 'CONTENT_TOO_LARGE') return 'The message is too long to send. Please shorten it.';
  return TOLD.has(error.code) && error.message ? error.message : NOT_SENT_MESSAGE;
}

export function ContactForm({
  action,
  formToken: firstToken,
  privacyHref,
  initialValues = EMPTY_CONTACT_FORM,
  initialError = '',
  initialInvalid = [],
  initialReceived = false,
}: ContactFormProps) {
  const id = useId();
  const fieldId = (field: ContactField) => `${id}-${field}`;
  const errorId = `${id}-error`;
  const trapId = `${id}-trap`;

  // Text typed before the island hydrated (client:visible, on a slow phone) is kept.
  const [values, setValues] = useState<ContactFormValues>(() => {
    const kept = { ...initialValues };
    for (const field of CONTACT_FIELDS) kept[field] = typedBeforeHydration(fieldId(field), kept[field]) ?? kept[field];
    return { ...kept, phone: stripNonDigits(kept.phone) };
  });
  // Hydration leaves a field's text as it was typed: a phone number typed before it keeps its
  // spaces on screen, while the state has only its digits. The field is brought in line here.
  const phoneId = fieldId('phone');
  useEffect(() => {
    const field = document.getElementById(phoneId);
    if (field instanceof HTMLInputElement && field.value !== values.phone) field.value = values.phone;
  }, [phoneId, values.phone]);
  const [error, setError] = useState(initialError);
  const [invalid, setInvalid] = useState<readonly ContactField[]>(initialInvalid);
  const [received, setReceived] = useState(initialReceived);
  const [sending, setSending] = useState(false);
  const [formToken, setFormToken] = useState(firstToken);

  const update = (field: ContactField) => (event: ChangeEvent<FieldElement>) => {
    const value = field === 'phone' ? stripNonDigits(event.target.value) : event.target.value;
    setValues((current) => ({ ...current, [field]: value }));
  };

  const showProblem = (form: HTMLFormElement, message: string, fields: readonly ContactField[]) => {
    setError(message);
    setInvalid(fields);
    setReceived(false);
    const [first] = fields;
    const element = first ? form.elements.namedItem(first) : null;
    if (element instanceof HTMLElement) element.focus();
  };

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    const form = event.currentTarget;
    const check = checkContactForm(values);
    if (!check.ok) {
      showProblem(form, check.error, check.fields);
      return;
    }
    setSending(true);
    setError('');
    setReceived(false);
    try {
      // The form's own fields: the message, its token and the bot trap.
      const { data, error: refusal } = await actions.contact(new FormData(form));
      if (data) {
        setFormToken(data.formToken);
        setValues(EMPTY_CONTACT_FORM);
        setInvalid([]);
        setReceived(true);
      } else if (isInputError(refusal)) {
        // The server's schema is the form's: only a field it reads differently gets here.
        const fields = CONTACT_FIELDS.filter((field) => refusal.fields[field]);
        showProblem(form, refusal.fields[fields[0] ?? 'name']?.[0] ?? MISSING_FIELDS_MESSAGE, fields);
      } else {
        showProblem(form, refusalText(refusal), []);
        if (NEW_TOKEN.has(refusal.code)) {
          const fresh = await actions.contactFormToken();
          if (fresh.data) setFormToken(fresh.data.formToken);
        }
      }
    } catch (failure) {
      console.error('The contact message could not be sent:', failure);
      showProblem(form, NOT_SENT_MESSAGE, []);
    } finally {
      setSending(false);
    }
  };

  const fieldProps = (field: ContactField) => ({
    id: fieldId(field),
    name: field,
    value: values[field],
    onChange: update(field),
    'aria-invalid': invalid.includes(field) ? true : undefined,
    'aria-describedby': invalid.includes(field) ? errorId : undefined,
    autoFocus: invalid[0] === field && initialInvalid[0] === field,
  });

  return (
    <form
      className="contact-form"
      method="post"
      action={action}
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-busy={sending}
    >
      <p className="contact-form__legend">
        Fields marked <span aria-hidden="true">*</span>
        <span className="visually-hidden">with a star</span> are required.
      </p>
      <input type="hidden" name={CONTACT_TOKEN_FIELD} value={formToken} />

      <div className="contact-form__field">
        <label htmlFor={fieldId('name')}>
          Name <span aria-hidden="true">*</span>
        </label>
        <input type="text" autoComplete="name" required maxLength={MAX_LENGTH.name} {...fieldProps('name')} />
      </div>

      <div className="contact-form__field">
        <label htmlFor={fieldId('email')}>
          E-mail <span aria-hidden="true">*</span>
        </label>
        <input
          type="email"
          autoComplete="email"
          required
          maxLength={MAX_LENGTH.email}
          spellCheck={false}
          {...fieldProps('email')}
        />
      </div>

      <div className="contact-form__field">
        <label htmlFor={fieldId('phone')}>
          Phone <span className="contact-form__optional">(optional, digits only)</span>
        </label>
        {/* No maxLength: a pasted "+91 98765-43210" must not be cut before its non-digits are stripped. */}
        <input type="tel" inputMode="numeric" autoComplete="tel" {...fieldProps('phone')} />
      </div>

      <div className="contact-form__field">
        <label htmlFor={fieldId('message')}>
          Message <span aria-hidden="true">*</span>
        </label>
        <textarea rows={6} required maxLength={MAX_LENGTH.message} {...fieldProps('message')} />
      </div>

      {/* Hidden from people (display: none); a bot that fills in every field fills this in too. */}
      <div className="contact-form__trap">
        <label htmlFor={trapId}>Leave this field empty</label>
        <input type="text" id={trapId} name={CONTACT_HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
      </div>

      <p className="contact-form__error" id={errorId} role="alert">
        {error}
      </p>

      <button type="submit" className="button" disabled={sending}>
        {sending ? 'Sending…' : 'Submit'}
      </button>

      <p className="contact-form__status" role="status">
        {received ? MESSAGE_RECEIVED : null}
      </p>

      <p className="contact-form__privacy">
        We use what you write only to answer you. <a href={privacyHref}>How we handle your message</a>
      </p>
    </form>
  );
}
