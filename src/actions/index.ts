/** The site's Astro Actions (https://docs.astro.build/en/guides/actions/), called as `actions.<name>`. */
import { contact, contactFormToken } from './contact.ts';

export const server = { contact, contactFormToken };
