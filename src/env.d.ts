/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** Set by the admin guard (src/server/admin/adminGuard.ts) on admin pages and endpoints. */
    admin?: import('./server/admin/adminGuard.ts').AdminLocals;
    /** Set by an action that refused for now (src/actions/contact.ts); src/middleware.ts sends it as Retry-After. */
    retryAfterSeconds?: number;
  }
}
