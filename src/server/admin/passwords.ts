/**
 * Password hashing for the events admin: argon2id (@node-rs/argon2), the memory-hard function the
 * OWASP Password Storage Cheat Sheet recommends first. Its minimums are m = 19 MiB, t = 2, p = 1
 * (or m = 46 MiB, t = 1); we use m = 64 MiB, t = 3, p = 1, as RFC 9106 suggests where 64 MiB can be
 * spared: about 75 ms a hash on the 2-core server. Sign-ins are few and throttled
 * (loginThrottle.ts), so the extra cost falls on an attacker with a stolen database, not on users.
 * The hash string (PHC format) records its own parameters, so old hashes keep verifying and are
 * upgraded at the next sign-in when these change (`needsRehash`).
 */
import { hash, verify } from '@node-rs/argon2';

/** Memory in KiB. @node-rs/argon2 uses argon2id unless told otherwise (needsRehash checks the variant too). */
export const HASH_OPTIONS = { memoryCost: 65_536, timeCost: 3, parallelism: 1 };

/** OWASP Authentication Cheat Sheet: at least 8 characters with MFA, longer without; we ask for 12. */
export const MIN_PASSWORD_LENGTH = 12;
/** Argon2 takes any length; a cap keeps a megabyte "password" from costing anything before hashing. */
export const MAX_PASSWORD_LENGTH = 256;

/** Why `password` cannot be used, or undefined when it can. */
export function passwordProblem(password: string): string | undefined {
  const length = [...password].length;
  if (length < MIN_PASSWORD_LENGTH) {
    return `The password must have at least ${MIN_PASSWORD_LENGTH} characters (it has ${length}). A short sentence is easy to remember.`;
  }
  if (length > MAX_PASSWORD_LENGTH) return `The password must have at most ${MAX_PASSWORD_LENGTH} characters.`;
  if (password.trim() !== password) return 'The password must not start or end with a space.';
  return undefined;
}

export async function hashPassword(password: string): Promise<string> {
  return hash(password, HASH_OPTIONS);
}

/** Whether `password` matches `passwordHash`; false (never an error) for a damaged hash. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  if (password.length > MAX_PASSWORD_LENGTH * 4) return false;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** Whether `passwordHash` was made with other parameters than HASH_OPTIONS (then hash again after a sign-in). */
export function needsRehash(passwordHash: string): boolean {
  const { memoryCost, timeCost, parallelism } = HASH_OPTIONS;
  return !passwordHash.startsWith(`$argon2id$v=19$m=${memoryCost},t=${timeCost},p=${parallelism}$`);
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the time of one verification on nothing, for a sign-in with an unknown name, so that the
 * answer's timing does not tell which names exist (OWASP Authentication Cheat Sheet).
 */
export async function verifyNothing(password: string): Promise<false> {
  dummyHash ??= hashPassword(crypto.randomUUID());
  await verifyPassword(await dummyHash, password);
  return false;
}
