/**
 * The contact form of spec points 4 and 5: name, e-mail, phone (optional, digits only: every
 * other character is stripped as it is typed or pasted) and message.
 *
 * Submitting with a required field empty shows "Please fill in all required fields" (an
 * alert), marks the empty fields invalid and moves focus to the first of them. Otherwise every
 * field is cleared and a polite status says so. The spec's form makes no network call, so it
 * says plainly that the message was not sent and how to reach the office instead.
 *
 * Without JavaScript the form is still shown, with its submit button disabled (it could only
 * put the message in the address bar), next to the office's phone and e-mail.
 */
import { useId, useState, type ChangeEvent, type SubmitEvent } from 'react';
import {
  EMPTY_CONTACT_FORM,
  MAX_LENGTH,
  checkContactForm,
  stripNonDigits,
  type ContactField,
  type ContactFormValues,
} from '../lib/contactForm.ts';
import { mailtoHref, telHref } from '../lib/links.ts';
import { useHydrated } from './useHydrated.ts';

export interface ContactFormProps {
  /** The office phone and e-mail, offered while online sending is not available. */
  officePhone: string;
  officeEmail: string;
}

type FieldElement = HTMLInputElement | HTMLTextAreaElement;

export default function ContactForm({ officePhone, officeEmail }: ContactFormProps) {
  const id = useId();
  const fieldId = (field: ContactField) => `${id}-${field}`;
  const errorId = `${id}-error`;
  const noteId = `${id}-note`;

  const hydrated = useHydrated();
  const [values, setValues] = useState<ContactFormValues>(EMPTY_CONTACT_FORM);
  const [error, setError] = useState('');
  const [invalid, setInvalid] = useState<readonly ContactField[]>([]);
  const [cleared, setCleared] = useState(false);

  const update = (field: ContactField) => (event: ChangeEvent<FieldElement>) => {
    const value = field === 'phone' ? stripNonDigits(event.target.value) : event.target.value;
    setValues((current) => ({ ...current, [field]: value }));
  };

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const check = checkContactForm(values);
    if (!check.ok) {
      setError(check.error);
      setInvalid(check.fields);
      setCleared(false);
      const [first] = check.fields;
      const element = first ? event.currentTarget.elements.namedItem(first) : null;
      if (element instanceof HTMLElement) element.focus();
      return;
    }
    setError('');
    setInvalid([]);
    setValues(EMPTY_CONTACT_FORM);
    setCleared(true);
  };

  const fieldProps = (field: ContactField) => ({
    id: fieldId(field),
    name: field,
    value: values[field],
    onChange: update(field),
    'aria-invalid': invalid.includes(field) ? true : undefined,
    'aria-describedby': invalid.includes(field) ? errorId : undefined,
  });

  const officeContacts = (
    <>
      phone <a href={telHref(officePhone)}>{officePhone}</a> or e-mail{' '}
      <a href={mailtoHref(officeEmail)}>{officeEmail}</a>
    </>
  );

  return (
    <form className="contact-form" noValidate onSubmit={submit} aria-describedby={noteId}>
      <p className="contact-form__note" id={noteId}>
        Online sending is not available yet, so this form does not send your message. To reach the office,{' '}
        {officeContacts}.
      </p>
      <p className="contact-form__legend">
        Fields marked <span aria-hidden="true">*</span>
        <span className="visually-hidden">with a star</span> are required.
      </p>

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
        <input type="tel" inputMode="numeric" autoComplete="tel" {...fieldProps('phone')} />
      </div>

      <div className="contact-form__field">
        <label htmlFor={fieldId('message')}>
          Message <span aria-hidden="true">*</span>
        </label>
        <textarea rows={6} required maxLength={MAX_LENGTH.message} {...fieldProps('message')} />
      </div>

      <p className="contact-form__error" id={errorId} role="alert">
        {error}
      </p>

      <button type="submit" className="button" disabled={!hydrated}>
        Submit
      </button>

      <p className="contact-form__status" role="status">
        {cleared ? (
          <>
            The form has been cleared. Your message was not sent: online sending is not available yet. Please{' '}
            {officeContacts}.
          </>
        ) : null}
      </p>
    </form>
  );
}
