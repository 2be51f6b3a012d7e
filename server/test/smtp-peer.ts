import type { AddressInfo } from 'node:net';
import { type AddressObject, type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** One message as it arrived at the peer, parsed by mailparser. */
type ReceivedMail = {
  /** The first To address of the headers. */
  to: string;
  /** Every recipient of the SMTP envelope. */
  recipients: string[];
  /** The From header's address. */
  from: string;
  subject: string;
  text: string;
  /** The HTML part as sent ('' when there was none). */
  html: string;
  attachments: { filename: string; contentType: string; content: Buffer }[];
  messageId: string;
  parsed: ParsedMail;
};

export type SmtpPeer = {
  /** smtp://127.0.0.1:port (with user:pass when the peer requires them): for SMTP_URL. */
  url: string;
  port: number;
  /** Every accepted message so far, oldest first. */
  messages(): ReceivedMail[];
  /** The first accepted message (already here or still to come) matching the predicate. */
  waitFor(predicate: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  /**
   * Refuses the next `count` messages at the end of DATA with `code` (default 451, a
   * temporary failure: the sender should try again; 5xx is a permanent refusal).
   */
  rejectNext(count: number, reply?: { code?: number; message?: string }): void;
  /** Messages refused so far. */
  rejected(): number;
  /** Forgets the messages received so far. */
  clear(): void;
  close(): Promise<void>;
};

export type SmtpPeerOptions = {
  /** Refuse the first N messages (see rejectNext). */
  rejectFirst?: number;
  /** Require these credentials (AUTH over plain text, as a local relay might). */
  auth?: { user: string; pass: string };
  /** A fixed port (the e2e server's SMTP_URL names one); a free one when absent. */
  port?: number;
  /** Called with each message as it arrives (the e2e run keeps them in files). */
  onMessage?: (mail: ReceivedMail) => void;
};

const firstAddress = (value: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(value) ? value[0] : value)?.value[0]?.address ?? '';

/**
 * A real SMTP server in the test process, on 127.0.0.1 and a free port, without TLS. What
 * arrives is parsed with mailparser, so tests assert on what a mail client would show.
 */
export async function startSmtpPeer(options: SmtpPeerOptions = {}): Promise<SmtpPeer> {
  const received: ReceivedMail[] = [];
  const waiters = new Set<{
    predicate: (m: ReceivedMail) => boolean;
    resolve: (m: ReceivedMail) => void;
  }>();
  let toReject = options.rejectFirst ?? 0;
  let rejection = { code: 451, message: 'Try again later' };
  let rejectedCount = 0;

  const server = new SMTPServer({
    secure: false,
    disabledCommands: options.auth ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    authOptional: !options.auth,
    allowInsecureAuth: true,
    logger: false,
    closeTimeout: 1000,
    onAuth(auth, _session, callback) {
      const ok = auth.username === options.auth?.user && auth.password === options.auth?.pass;
      if (!ok) {
        return callback(
          Object.assign(new Error('Invalid username or password'), { responseCode: 535 }),
        );
      }
      callback(null, { user: auth.username });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (toReject > 0) {
          toReject -= 1;
          rejectedCount += 1;
          return callback(
            Object.assign(new Error(rejection.message), { responseCode: rejection.code }),
          );
        }
        simpleParser(Buffer.concat(chunks)).then(
          (parsed) => {
            const mail: ReceivedMail = {
              to: firstAddress(parsed.to),
              recipients: session.envelope.rcptTo.map((r) => r.address),
              from: firstAddress(parsed.from),
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : '',
              attachments: parsed.attachments.map((a) => ({
                filename: a.filename ?? '',
                contentType: a.contentType,
                content: a.content,
              })),
              messageId: parsed.messageId ?? '',
              parsed,
            };
            received.push(mail);
            options.onMessage?.(mail);
            for (const waiter of waiters) {
              if (waiter.predicate(mail)) {
                waiters.delete(waiter);
                waiter.resolve(mail);
              }
            }
            callback(null, 'Queued');
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  const credentials = options.auth
    ? `${encodeURIComponent(options.auth.user)}:${encodeURIComponent(options.auth.pass)}@`
    : '';

  return {
    url: `smtp://${credentials}127.0.0.1:${port}`,
    port,
    messages: () => [...received],
    waitFor(predicate, timeoutMs = 5000) {
      const found = received.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const waiter = {
          predicate,
          resolve: (mail: ReceivedMail) => {
            clearTimeout(timer);
            resolve(mail);
          },
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          const seen = received.map((m) => `${m.to}: ${m.subject}`).join('; ') || 'none';
          reject(new Error(`No matching message within ${timeoutMs} ms (received: ${seen})`));
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    rejectNext(count, reply = {}) {
      toReject = count;
      rejection = { code: reply.code ?? 451, message: reply.message ?? 'Try again later' };
    },
    rejected: () => rejectedCount,
    clear() {
      received.length = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
