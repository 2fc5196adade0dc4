/**
 * Asking for a new password at a terminal (`npm run admin`): a password too short or otherwise
 * refused, or two that differ, is said and asked for again, rather than ending the command; after
 * a few tries it gives up (undefined), nothing changed.
 */
import { passwordProblem } from './passwords.ts';

const TRIES = 5;

export async function askNewPassword(
  ask: (question: string) => Promise<string>,
  say: (line: string) => void,
): Promise<string | undefined> {
  for (let attempt = 0; attempt < TRIES; attempt += 1) {
    const first = await ask('New password (at least 12 characters): ');
    const problem = passwordProblem(first);
    if (problem) {
      say(`${problem} Please try again.`);
      continue;
    }
    const second = await ask('The same password again: ');
    if (first === second) return first;
    say('The two passwords differ. Please type them again.');
  }
  return undefined;
}
