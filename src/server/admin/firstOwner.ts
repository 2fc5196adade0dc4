/**
 * The setup page's form (/Admin/setup): the first owner's name, e-mail address and password, checked
 * with the same rules as every account by its action's input schema (src/actions/entry.ts, accountFields.ts),
 * made only through a setup link that still holds while the store has no account (setupLink.ts).
 */
import type { AdminServices } from './adminServices.ts';
import { SETUP_PROBLEMS, type SetupLinks } from './setupLink.ts';
import { AccountError } from './users.ts';

export type SetupOutcome = { ok: true; message: string } | { ok: false; error: string };

export interface FirstOwnerForm {
  token: string;
  username: string;
  email: string;
  password: string;
}

export async function makeFirstOwner(
  { users, audit }: Pick<AdminServices, 'users' | 'audit'>,
  setup: SetupLinks,
  form: FirstOwnerForm,
): Promise<SetupOutcome> {
  try {
    const claimed = setup.claim(form.token);
    if (claimed) return { ok: false, error: SETUP_PROBLEMS[claimed].text };
    const user = await users.add(form.username, form.password, { role: 'owner', email: form.email });
    setup.forgetFile();
    audit.record({
      username: user.username,
      action: 'user-added',
      detail: `${user.username} (owner), by the setup link`,
    });
    return { ok: true, message: `${user.username} is the site's first owner. Please sign in.` };
  } catch (error) {
    if (error instanceof AccountError) return { ok: false, error: error.message };
    throw error;
  }
}
