/**
 * The contact form of docs/SPEC.md points 4 and 5: name, e-mail, phone (optional, digits only: every
 * other character is stripped as it is typed or pasted) and message.
 *
 * Submitting with a required field empty shows "Please fill in all required fields" (an alert),
 * marks the empty fields invalid and moves focus to the first of them. Otherwise the message goes
 * to the site's server (POST /api/contact), which stores it for the office; once it is stored,
 * every field is cleared and a polite status says so. If it could not be sent, the text stays
 * in the form and the visitor is told why.
 *
 * Without JavaScript the same form is an ordinary form post to /Contact-Us, whose answer is the
 * page again with the outcome (props `initial*`, rendered by the server).
 */
import { useEffect, useId, useState, type ChangeEvent, type SubmitEvent } from 'react';
import { typedBeforeHydration } from './typedBeforeHydration.ts';
import {
  CONTACT_FIELDS,
  CONTACT_HONEYPOT_FIELD,
  CONTACT_TOKEN_FIELD,
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
  /** Where the form posts without JavaScript (the Contact Us page itself). */
  action: string;
  /** Where the island sends the message as JSON. */
  endpoint: string;
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

type FieldElement = HTMLInputElement | HTMLTextAreaElement;

/** The fields of a server answer that the form uses. */
interface ServerAnswer {
  error?: string;
  fields: ContactField[];
  formToken?: string;
}

function readAnswer(body: unknown): ServerAnswer {
  const get = (key: string): unknown =>
    typeof body === 'object' && body !== null ? Reflect.get(body, key) : undefined;
  const error = get('error');
  const fields = get('fields');
  const formToken = get('formToken');
  return {
    ...(typeof error === 'string' ? { error } : {}),
    fields: Array.isArray(fields) ? CONTACT_FIELDS.filter((field) => fields.includes(field)) : [],
    ...(typeof formToken === 'string' ? { formToken } : {}),
  };
}

export function ContactForm({
  action,
  endpoint,
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
    const honeypot = form.elements.namedItem(CONTACT_HONEYPOT_FIELD);
    setSending(true);
    setError('');
    setReceived(false);
    try {
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({
          ...values,
          [CONTACT_TOKEN_FIELD]: formToken,
          [CONTACT_HONEYPOT_FIELD]: honeypot instanceof HTMLInputElement ? honeypot.value : '',
        }),
      });
      const answer = readAnswer(await response.json().catch(() => undefined));
      if (answer.formToken) setFormToken(answer.formToken);
      if (response.ok) {
        setValues(EMPTY_CONTACT_FORM);
        setInvalid([]);
        setReceived(true);
      } else {
        showProblem(form, answer.error ?? NOT_SENT_MESSAGE, answer.fields);
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
