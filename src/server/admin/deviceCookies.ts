/**
 * Device cookies, after OWASP's "Slow Down Online Guessing Attacks with Device Cookies" (linked from
 * the Authentication Cheat Sheet): after a successful sign-in the browser gets a cookie, signed by the
 * server, saying "this browser signed in as this account before". A sign-in that shows a valid one
 * is counted against that cookie alone (5 failures in 15 minutes lock that cookie, which then counts
 * as none), not against the account's lock, which strangers can trigger: a colleague keeps signing
 * in from their own browser while strangers fail against the account (loginThrottle.ts).
 *
 * One cookie per account (`isa_admin_device_<account id>`), so colleagues sharing a computer each
 * keep theirs; HttpOnly, SameSite=Strict, for /Admin, for 180 days; a new one at every sign-in.
 * Its value is `<issued, base 36>.<nonce>.<HMAC-SHA256>`, the signature over the account's id, name
 * and creation time too: a removed account's cookies are worth nothing to a new account of the same
 * name. The key comes from the site's secret (DATA_DIR/contact-form.key or CONTACT_SECRET, services.ts)
 * through HKDF with a label of its own, so it is kept, backed up and changed with that file.
 */
import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

const DEVICE_COOKIE_PREFIX = 'isa_admin_device_';
export const DEVICE_COOKIE_MAX_AGE_MS = 180 * 24 * 60 * 60 * 1000;

/** The account a cookie is made for: what its signature covers. */
export interface DeviceOwner {
  id: number;
  username: string;
  createdAt: string;
}

/** The key that signs device cookies, made from the site's secret (never the secret itself). */
export function deviceCookieKey(siteSecret: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', siteSecret, Buffer.alloc(0), 'isa-tamilnadu admin device cookies', 32));
}

export class DeviceCookies {
  readonly #key: Buffer;
  readonly #now: () => number;

  constructor(key: Buffer, now: () => number = Date.now) {
    this.#key = key;
    this.#now = now;
  }

  /** The name of `owner`'s cookie. */
  nameFor(owner: Pick<DeviceOwner, 'id'>): string {
    return `${DEVICE_COOKIE_PREFIX}${owner.id}`;
  }

  #signature(owner: DeviceOwner, issued: string, nonce: string): Buffer {
    const signed = [owner.id, owner.username.toLowerCase(), owner.createdAt, issued, nonce].join('\n');
    return createHmac('sha256', this.#key).update(signed).digest();
  }

  /** A new cookie value for `owner`, after a successful sign-in. */
  issue(owner: DeviceOwner): string {
    const issued = this.#now().toString(36);
    const nonce = randomBytes(16).toString('base64url');
    return `${issued}.${nonce}.${this.#signature(owner, issued, nonce).toString('base64url')}`;
  }

  /** The id of the device (its nonce) when `value` is a valid, unexpired cookie of `owner`; else undefined. */
  verify(owner: DeviceOwner, value: string | undefined): string | undefined {
    if (!value || value.length > 200) return undefined;
    const [issued = '', nonce = '', signature = '', ...rest] = value.split('.');
    if (rest.length > 0 || !/^[0-9a-z]{1,12}$/.test(issued) || !/^[\w-]{22}$/.test(nonce)) return undefined;
    const age = this.#now() - Number.parseInt(issued, 36);
    if (!(age >= 0 && age < DEVICE_COOKIE_MAX_AGE_MS)) return undefined;
    const expected = this.#signature(owner, issued, nonce);
    const sent = Buffer.from(signature, 'base64url');
    return sent.length === expected.length && timingSafeEqual(sent, expected) ? nonce : undefined;
  }
}
