/** A local SMTP server (smtp-server) on a free port that keeps what it receives: the mail tests' own. */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

interface Received {
  from: string;
  to: string[];
  data: string;
}

/** A local SMTP server on a free port that keeps what it receives. */
export async function startSmtp(port = 0) {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((address) => address.address),
          data: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.server.address();
  if (!address || typeof address === 'string') throw new Error('the SMTP server has no port');
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return { received, port: (address satisfies AddressInfo).port, close };
}

/** The body of a received mail as its reader sees it: quoted-printable soft breaks and escapes undone. */
export function readableText(source: string): string {
  const body = source.slice(source.indexOf('\r\n\r\n') + 4);
  if (!/^Content-Transfer-Encoding: quoted-printable$/im.test(source)) return body;
  return body
    .replace(/=\r\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}
