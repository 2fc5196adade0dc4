/** The one-time link's mail in plain sentences (src/server/admin/linkMail.ts): who made it, why, what to do. */
import { describe, expect, it } from 'vitest';
import { linkText, type LinkMaker } from '../../../src/server/admin/linkMail.ts';

const URL = 'https://isa.example.org/Admin/link?token=abc';

describe('the mail of a one-time link', () => {
  it.each<[string, 'invitation' | 'reset', LinkMaker, string]>([
    [
      'Forgot your password',
      'reset',
      'forgot-password',
      'Someone asked for a new password for your account "bala" in the ISA Tamilnadu website\'s admin, with "Forgot your password" on its sign-in page.',
    ],
    [
      'an owner’s reset',
      'reset',
      { owner: 'asha' },
      'asha, an owner of the ISA Tamilnadu website\'s admin, has made you a link to choose a new password for your account "bala". You were signed out of the admin on every device.',
    ],
    [
      'an invitation',
      'invitation',
      { owner: 'asha' },
      'asha has invited you to the ISA Tamilnadu website\'s admin, with the user name "bala".',
    ],
  ])('%s: says who made it and why, then the link', (_case, kind, by, opening) => {
    const text = linkText(kind, URL, 'bala', by);
    expect(text.split('\n\n')[0]).toBe(opening);
    expect(text).toContain(`(it works once):\n${URL}\n`);
    expect(text).not.toMatch(/\(Forgot your password\) has|You \(/);
  });

  it('tells a person who did not ask for it that their password stays', () => {
    expect(linkText('reset', URL, 'bala', 'forgot-password')).toMatch(
      /\n\nIf it was not you, ignore this mail: your password stays as it is\.\n$/,
    );
  });
});
