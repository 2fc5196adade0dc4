/**
 * The rules of an account's fields, in one place: the admin's forms check them at the edge (the input schemas of
 * their Astro Actions, src/actions/staff.ts, entry.ts and account.ts), and the store checks the same before it
 * writes (users.ts), for `npm run admin` too. Every refusal is in words the office can act on.
 */
import { z } from 'zod';
import { MAX_PASSWORD_LENGTH, passwordProblem } from './passwords.ts';
import { ADMIN_ROLES } from './roles.ts';

const MAX_USERNAME_LENGTH = 64;

/** A new account's name: letters, digits and . _ @ - (compared without regard to letter case: users.ts). */
export const usernameSchema = z
  .string({ error: 'Fill in the user name.' })
  .trim()
  .min(1, 'The user name is empty.')
  .max(MAX_USERNAME_LENGTH, `The user name must have at most ${MAX_USERNAME_LENGTH} characters.`)
  .regex(/^[\p{L}\p{N}._@-]+$/u, 'The user name may hold letters, digits and . _ @ - only (no spaces).');

/**
 * A name as typed to sign in or in Forgot your password: only its length is checked, so that a name no account
 * could have is answered as any unknown name (signIn.ts, forgotPassword.ts).
 */
export const typedUsernameSchema = z
  .string({ error: 'Fill in your user name.' })
  .trim()
  .min(1, 'Fill in your user name.')
  .max(MAX_USERNAME_LENGTH, `A user name has at most ${MAX_USERNAME_LENGTH} characters.`);

const EMAIL_NOT_VALID = 'The e-mail address is not valid.';

/** An e-mail address for links and alerts, or "" for none (a form's empty field included). */
export const emailSchema = z
  .string({ error: EMAIL_NOT_VALID })
  .trim()
  .pipe(z.union([z.literal(''), z.email(EMAIL_NOT_VALID).max(254, EMAIL_NOT_VALID)], { error: EMAIL_NOT_VALID }))
  .nullish()
  .transform((email) => email ?? '');

export const roleSchema = z.enum(ADMIN_ROLES, { error: 'Please choose a role: owner or editor.' });

/** A new password: the rules of passwords.ts (length, no space at either end). */
const newPasswordSchema = z.string({ error: 'Fill in the password.' }).superRefine((password, context) => {
  const problem = passwordProblem(password);
  if (problem) context.addIssue({ code: 'custom', message: problem });
});

/** A password typed to prove who one is (the current one): any text up to a length no password has. */
export const typedPasswordSchema = z
  .string({ error: 'Fill in your password.' })
  .min(1, 'Fill in your password.')
  .max(MAX_PASSWORD_LENGTH * 4, 'That password is far too long to be right.');

const PASSWORDS_DIFFER = 'The two passwords differ. Please type the same one twice.';

/** A new password and the same again: a form's fields, refined with `sameTwice`. */
export const newPasswordTwice = { password: newPasswordSchema, again: z.string({ error: PASSWORDS_DIFFER }) };

/** The refinement of a form with newPasswordTwice: the two alike, or the form says so beside the second. */
export const sameTwice: [(form: { password: string; again: string }) => boolean, { path: string[]; error: string }] = [
  (form) => form.password === form.again,
  { path: ['again'], error: PASSWORDS_DIFFER },
];
