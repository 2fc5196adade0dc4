/**
 * What the Contact Us page's form shows (src/pages/Contact-Us.astro): a fresh form for a GET, or, after a form
 * post without JavaScript, the contact action's outcome (src/actions/contact.ts) rendered with the page: the
 * message taken (an empty form to write another), or the text kept with what to correct. The page's status is
 * the action's (Astro sets it); only a post that ran no action (a form from before the site last changed) gets
 * one here. (Here, not under src/server, whose modules the build leaves outside its bundle for the site
 * server to share, and so without Astro's `astro:` modules.)
 */
import { isInputError, type SafeResult } from 'astro:actions';
import {
  CONTACT_TOKEN_FIELD,
  EMPTY_CONTACT_FORM,
  FORM_EXPIRED_MESSAGE,
  NOT_SENT_MESSAGE,
  checkContactForm,
  contactFormValues,
  type ContactField,
  type ContactFormValues,
} from '../lib/contactForm.ts';
import type { ContactService } from '../server/contact/ContactService.ts';

export interface ContactPageState {
  /** The status to answer with, when the action's is not it. */
  status?: number;
  formToken: string;
  values: ContactFormValues;
  error: string;
  invalid: ContactField[];
  received: boolean;
}

type ContactResult = SafeResult<Record<string, unknown>, { formToken: string }>;

/** Shown instead of Astro's own words for a body it would not read. */
const UNREAD_BODY: Record<string, string> = {
  CONTENT_TOO_LARGE: 'The message is too long to send. Please shorten it.',
  UNSUPPORTED_MEDIA_TYPE: 'The form could not be read. Please reload the page and try again.',
};

/** A post that ran no action: a form from a page opened before the site last changed (its text is not read). */
const OLD_FORM_MESSAGE =
  'This page changed while the form was open, and your message was not sent. Please go back, copy your text, then reload this page and send it again.';

/** The first value of each field of a post the action has read (so within its size limit). */
async function postedFields(request: Request): Promise<Record<string, string>> {
  const fields = new Map<string, string>(); // A Map: the names are the visitor's (`constructor`, `__proto__`).
  try {
    // A copy: the React renderer reads the form again for its form state (@astrojs/react's getFormState).
    for (const [name, value] of await request.clone().formData()) {
      if (typeof value === 'string' && !fields.has(name)) fields.set(name, value);
    }
  } catch {
    // Unreadable: nothing to keep.
  }
  return Object.fromEntries(fields);
}

export async function contactFormState(
  request: Request,
  result: ContactResult | undefined,
  service: () => Promise<ContactService>,
): Promise<ContactPageState> {
  const isPost = request.method === 'POST';
  const state: ContactPageState = {
    formToken: '',
    values: EMPTY_CONTACT_FORM,
    error: '',
    invalid: [],
    received: false,
  };
  try {
    // Only a page load's token counts from the page load; after a post, a new token counts from now.
    state.formToken = (await service()).issueToken(isPost ? 'answer' : 'page');
  } catch (error) {
    console.error('Contact form:', error instanceof Error ? error.message : error);
    state.error = NOT_SENT_MESSAGE;
  }
  if (!isPost) return state;
  if (!result) return { ...state, status: state.error ? 503 : 400, error: state.error || OLD_FORM_MESSAGE };
  if (!result.error) return { ...state, formToken: result.data.formToken, received: true };

  const unread = UNREAD_BODY[result.error.code];
  if (unread) return { ...state, error: unread };
  const posted = await postedFields(request);
  const values = contactFormValues(posted);
  if (!isInputError(result.error)) return { ...state, values, error: result.error.message };
  // Fields to correct: the form's own words for them; the token kept, as the time spent on the form still counts.
  const check = checkContactForm(values);
  return {
    ...state,
    formToken: posted[CONTACT_TOKEN_FIELD] || state.formToken,
    values,
    error: check.ok ? FORM_EXPIRED_MESSAGE : check.error,
    invalid: check.ok ? [] : check.fields,
  };
}
