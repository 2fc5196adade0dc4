/**
 * `astro:actions` outside Astro's build (vitest.config.ts aliases it here): its client half, which needs no virtual
 * module, and the server's defineAction, so that the unit tests call the site's form actions as Astro does, their
 * fields read from FormData by Astro's own code and checked with their input schemas.
 */
export * from '../../../node_modules/astro/dist/actions/runtime/client.js';
export { defineAction } from '../../../node_modules/astro/dist/actions/runtime/server.js';
