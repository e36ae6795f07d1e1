import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export interface ReceivedMail {
  to: string[];
  raw: string;
}

/** A real SMTP server inside the test process, so mail goes through nodemailer and the wire like in production. */
export async function startMailReceiver(port = 0) {
  const inbox: ReceivedMail[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        inbox.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        waiters.splice(0).forEach((w) => w());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const boundPort = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${boundPort}`,
    inbox,
    /** Waits for the next message to `to` (or fails after `ms`). */
    async next(to: string, ms = 5000): Promise<ReceivedMail> {
      const deadline = Date.now() + ms;
      for (;;) {
        const found = inbox.find((m) => m.to.includes(to));
        if (found) {
          inbox.splice(inbox.indexOf(found), 1);
          return found;
        }
        if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${ms} ms`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The link in a plain-text mail body (quoted-printable soft line breaks undone). */
export function linkIn(mail: ReceivedMail, path: string): string {
  const body = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const match = body.match(new RegExp(`https?://[^\\s]+${path.replace('/', '\\/')}\\?token=[^\\s]+`));
  if (!match) throw new Error(`no ${path} link in mail:\n${body}`);
  return match[0];
}
