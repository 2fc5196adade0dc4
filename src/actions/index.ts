/** The site's Astro Actions (https://docs.astro.build/en/guides/actions/), called as `actions.<name>`. */
import { account, system } from './account.ts';
import { contact, contactFormToken } from './contact.ts';
import { adminEntry } from './entry.ts';
import { events } from './events.ts';
import { messages } from './messages.ts';
import { staff } from './staff.ts';

export const server = { contact, contactFormToken, admin: { account, events, messages, staff, system }, adminEntry };
