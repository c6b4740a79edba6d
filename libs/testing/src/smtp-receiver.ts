import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A key and self-signed certificate for `localhost`, made with openssl for one test run. */
function localhostCertificate(): { key: string; cert: string } {
  const dir = mkdtempSync(join(tmpdir(), 'smtp-cert-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=DNS:localhost',
        '-keyout',
        'key.pem',
        '-out',
        'cert.pem',
      ],
      { cwd: dir, stdio: ['ignore', 'ignore', 'ignore'], env: { ...process.env, RANDFILE: join(dir, '.rnd') } },
    );
    return { key: readFileSync(join(dir, 'key.pem'), 'utf8'), cert: readFileSync(join(dir, 'cert.pem'), 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A real SMTP server for tests (`smtp-server`, nodemailer's own project): implicit TLS or
 * STARTTLS (required) with a certificate for `localhost` that the client must be told to
 * trust (`ca`), AUTH required, every mail parsed with `mailparser` as a mail client would.
 */
export async function startSmtpReceiver(options: { security: 'tls' | 'starttls'; user: string; password: string }) {
  const { key, cert } = localhostCertificate();
  const mails: (ParsedMail & { envelopeTo: string[] })[] = [];
  const server = new SMTPServer({
    secure: options.security === 'tls',
    key,
    cert,
    authMethods: ['PLAIN', 'LOGIN'],
    // STARTTLS is offered; AUTH before it is refused, as a careful server does.
    allowInsecureAuth: false,
    logger: false,
    onAuth: (auth, _session, callback) =>
      auth.username === options.user && auth.password === options.password
        ? callback(null, { user: auth.username })
        : callback(new Error('Invalid username or password')),
    onData: (stream, session, callback) => {
      simpleParser(stream)
        .then((mail) => {
          mails.push(Object.assign(mail, { envelopeTo: session.envelope.rcptTo.map((r) => r.address) }));
          callback();
        })
        .catch(callback);
    },
  });
  // A client that hangs up mid-handshake (one that does not trust the certificate) is the client's business, not the test's.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    ca: cert,
    mails,
    /** An account's e-mail settings (our SmtpChannel) sending as `from` through this server. */
    channel: (from: string) => ({
      host: 'localhost',
      port,
      security: options.security,
      auth: { user: options.user, password: options.password },
      from,
    }),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpReceiver = Awaited<ReturnType<typeof startSmtpReceiver>>;
