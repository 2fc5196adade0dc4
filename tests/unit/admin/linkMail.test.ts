/**
 * One-time links by real mail: the services of a server with SMTP set up (services.ts, with
 * nodemailer's transport from contact/delivery.ts) e-mail an invitation to a local SMTP server
 * (smtp-server, on a free port), and the link in the mail as received is the one the store
 * accepts: the colleague chooses a password with it and signs in.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptLink, inviteColleague } from '../../../src/server/admin/staffActions.ts';
import { readServerSettings } from '../../../src/server/settings.ts';
import { startServices, type SiteServices } from '../../../src/server/services.ts';

const ORIGIN = 'https://isa.example.org';
const PASSWORD = 'the colleague password';

interface ReceivedMail {
  to: string[];
  source: string;
}

/** The body of a received mail as its reader sees it: quoted-printable soft breaks and escapes undone. */
function readableText(source: string): string {
  const body = source.slice(source.indexOf('\r\n\r\n') + 4);
  if (!/^Content-Transfer-Encoding: quoted-printable$/im.test(source)) return body;
  return body
    .replace(/=\r\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

describe('an invitation e-mailed through a real SMTP server', () => {
  const received: ReceivedMail[] = [];
  let smtp: SMTPServer;
  let site: SiteServices;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, done) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const to = session.envelope.rcptTo.map((rcpt) => rcpt.address);
          received.push({ to, source: Buffer.concat(chunks).toString('utf8') });
          done();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const address = smtp.server.address();
    if (!address || typeof address === 'string') throw new Error('The SMTP server has no port');
    const { port } = address;
    const dataDir = mkdtempSync(path.join(tmpdir(), 'admin-link-mail-'));
    const settings = readServerSettings({
      DATA_DIR: dataDir,
      EVENTS_SAMPLE_DATA: 'off',
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      CONTACT_TO: 'office@example.org',
    });
    site = await startServices(settings, dataDir, { DATA_DIR: dataDir });
  });

  afterAll(async () => {
    await site?.close();
    await new Promise<void>((resolve) => smtp.close(resolve));
  });

  it('arrives with the link, which opens the invitation once', async () => {
    const { admin } = site;
    expect(admin.mailer).toBeDefined();
    const owner = await admin.users.add('asha', 'the owner password');
    const { session } = admin.sessions.create(owner.id);
    const form = { username: 'chitra', role: 'editor', email: 'chitra@example.org' };
    const invited = await inviteColleague(admin, session, form, ORIGIN, admin.mailer);
    if (!invited.ok) throw new Error(invited.error);
    expect(invited.message).toMatch(/^The link was e-mailed to chitra@example\.org\./);

    expect(received).toHaveLength(1);
    const [mail] = received;
    expect(mail?.to).toEqual(['chitra@example.org']);
    expect(mail?.source).toMatch(/^Subject: Your link to the ISA Tamilnadu admin$/m);
    const links = readableText(mail?.source ?? '').match(/https:\/\/isa\.example\.org\/Admin\/link\?token=[\w-]+/g);
    expect(links).toEqual([invited.link]);
    const token = new URL(links?.[0] ?? '').searchParams.get('token') ?? '';

    expect(await acceptLink(admin, token, PASSWORD, PASSWORD)).toMatchObject({ ok: true });
    expect((await admin.users.authenticate('chitra', PASSWORD))?.role).toBe('editor');
    expect(await acceptLink(admin, token, PASSWORD, PASSWORD)).toMatchObject({ ok: false });
  });
});
