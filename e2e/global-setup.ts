import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startSmtpPeer } from '../server/test/smtp-peer.ts';
import { E2E_MAIL_DIR, E2E_SMTP_PORT } from './env.ts';

/**
 * One real SMTP peer for the whole run, so every message the server sends is accepted at once
 * (none piles up in retries) and the tests read what arrived from E2E_MAIL_DIR.
 */
export default async function globalSetup() {
  rmSync(E2E_MAIL_DIR, { recursive: true, force: true });
  mkdirSync(E2E_MAIL_DIR, { recursive: true });
  let count = 0;
  const peer = await startSmtpPeer({
    port: E2E_SMTP_PORT,
    onMessage: (mail) => {
      count++;
      const file = path.join(E2E_MAIL_DIR, `${String(count).padStart(6, '0')}.json`);
      writeFileSync(
        file,
        JSON.stringify({
          to: mail.to,
          from: mail.parsed.from?.text ?? '',
          replyTo: mail.parsed.replyTo?.text ?? '',
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
        }),
      );
    },
  });
  return () => peer.close();
}
