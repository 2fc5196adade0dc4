/** The site's Astro Actions (https://docs.astro.build/en/guides/actions/), called as `actions.<name>`. */
import { contact, contactFormToken } from './contact.ts';
import { events } from './events.ts';
import { messages } from './messages.ts';
import { staff } from './staff.ts';

export const server = { contact, contactFormToken, admin: { events, messages, staff } };
