import { SMTPServer } from 'smtp-server';
import { SMTP_PORT } from './ports';

// The app's SMTP_URL points at SMTP_PORT during e2e; a test that needs the mail listens there while it waits.

/** A real SMTP server for the app's mail; resolves with the next message's raw text. */
export function startInbox() {
  let deliver: (text: string) => void = () => {};
  const next = new Promise<string>((resolve) => (deliver = resolve));
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, done) {
      let data = '';
      stream.on('data', (c: Buffer) => (data += c.toString('utf8')));
      stream.on('end', () => {
        deliver(data);
        done();
      });
    },
  });
  return new Promise<{ next: Promise<string>; stop: () => Promise<void> }>((resolve) =>
    server.listen(SMTP_PORT, '127.0.0.1', () => resolve({ next, stop: () => new Promise((r) => server.close(() => r())) })),
  );
}
