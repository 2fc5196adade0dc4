/**
 * One-time links by real mail: the services of a server with SMTP set up (services.ts, with
 * nodemailer's transport from contact/delivery.ts) e-mail an invitation to a local SMTP server
 * (smtp-server, on a free port), and the link in the mail as received is the one the store
 * accepts: the colleague chooses a password with it and signs in.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptLink, inviteColleague } from '../../../src/server/admin/staffService.ts';
import { readServerSettings } from '../../../src/server/settings.ts';
import { startServices, type SiteServices } from '../../../src/server/services.ts';
import { readableText, startSmtp } from '../contact/localSmtp.ts';

const ORIGIN = 'https://isa.example.org';
const PASSWORD = 'the colleague password';

describe('an invitation e-mailed through a real SMTP server', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let site: SiteServices;

  beforeAll(async () => {
    smtp = await startSmtp();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'admin-link-mail-'));
    const env = {
      DATA_DIR: dataDir,
      SITE_URL: `${ORIGIN}/`,
      EVENTS_SAMPLE_DATA: 'off',
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      CONTACT_TO: 'office@example.org',
    };
    site = await startServices(readServerSettings(env), env);
  });

  afterAll(async () => {
    await site?.close();
    await smtp?.close();
  });

  it('arrives with the link, which opens the invitation once', async () => {
    const { admin } = site;
    expect(admin.mailer).toBeDefined();
    const owner = await admin.users.add('asha', 'the owner password');
    const { session } = admin.sessions.create(owner.id);
    const form = { username: 'chitra', role: 'editor' as const, email: 'chitra@example.org' };
    const invited = await inviteColleague(admin, session, form);
    if (!invited.ok) throw new Error(invited.error);
    expect(invited.message).toMatch(/^The link was e-mailed to chitra@example\.org\./);

    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail?.to).toEqual(['chitra@example.org']);
    expect(mail?.data).toMatch(/^Subject: Your link to the ISA Tamilnadu admin$/m);
    const links = readableText(mail?.data ?? '').match(/https:\/\/isa\.example\.org\/Admin\/link\?token=[\w-]+/g);
    expect(links).toEqual([invited.link]);
    const token = new URL(links?.[0] ?? '').searchParams.get('token') ?? '';

    expect(await acceptLink(admin, token, PASSWORD)).toMatchObject({ ok: true });
    expect((await admin.users.authenticate('chitra', PASSWORD))?.role).toBe('editor');
    expect(await acceptLink(admin, token, PASSWORD)).toMatchObject({ ok: false });
  });
});
