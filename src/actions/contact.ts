/**
 * The contact form's actions (Astro Actions: the island calls them, and without JavaScript the form posts to
 * the Contact Us page with `action={actions.contact}`, which shows `Astro.getActionResult`):
 * - `contact` hands a message to the contact service (src/server/contact/ContactService.ts, which knows nothing
 *   of HTTP) and answers its outcome: stored (a token for the next message), or refused with a status the
 *   visitor's words go with: 400 (the form must be sent again), 409 (this form was sent with other text),
 *   429 (too many messages: `locals.retryAfterSeconds` becomes Retry-After in src/middleware.ts), 503 (the
 *   store failed: the text stays with the visitor). Fields that fail the form's schema get Astro's 400 first.
 * - `contactFormToken` gives the island a new token after a 400 or 409 (counting from now, as any token
 *   handed back after a post: ContactService.issueToken).
 */
import { ActionError, defineAction } from 'astro:actions';
import { NOT_SENT_MESSAGE, contactPostSchema } from '../lib/contactForm.ts';
import type { ContactService } from '../server/contact/ContactService.ts';
import { getServices } from '../server/services.ts';

/** The service's work, or a 503 with the words that tell the visitor their text is still with them. */
async function withService<T>(work: (service: ContactService) => T): Promise<T> {
  try {
    return work((await getServices()).contact);
  } catch (error) {
    console.error('Contact form: the store failed:', error instanceof Error ? error.message : error);
    throw new ActionError({ code: 'SERVICE_UNAVAILABLE', message: NOT_SENT_MESSAGE });
  }
}

export const contact = defineAction({
  accept: 'form',
  input: contactPostSchema,
  handler: async (input, context) => {
    const outcome = await withService((service) => service.receive(input, context.clientAddress));
    switch (outcome.kind) {
      case 'received':
        return { formToken: outcome.formToken };
      case 'invalid':
        throw new ActionError({ code: 'BAD_REQUEST', message: outcome.error });
      case 'already-sent':
        throw new ActionError({ code: 'CONFLICT', message: outcome.error });
      case 'rate-limited':
        context.locals.retryAfterSeconds = outcome.retryAfterSeconds;
        throw new ActionError({ code: 'TOO_MANY_REQUESTS', message: outcome.error });
    }
  },
});

export const contactFormToken = defineAction({
  handler: () => withService((service) => ({ formToken: service.issueToken('answer') })),
});
