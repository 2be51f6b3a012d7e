import type { Config } from '../../config.ts';
import { codeRequestMessage, type Mailer } from '../../lib/mail/index.ts';
import type { ConnectionsService } from '../connections/service.ts';
import { type MfaChallenges, mfaToken } from './mfa.ts';
import type { LoginHelp } from './service.ts';

type Log = { error(obj: object, msg: string): void };

/** The connection's line while the portal waits for the customer's code. */
const waitingForCode = (until: Date) =>
  `Waiting for the customer's code: the portal asks for a verification code, and the customer was asked for it by email. The sign-in waits until ${until.toISOString().slice(11, 16)} UTC.`;

/** The address of a connection's code page, as the email and the form's success screen give it. */
const codePageUrl = (publicUrl: string, token: string) => `${publicUrl}/form/code/${token}`;

/**
 * What a login check needs to ask the customer for a portal's code: the challenge is opened,
 * the connection says it waits, and the customer gets the code page's link by email; their
 * choice and code come back through the challenge. A portal session kept after the code is
 * sealed on the connection.
 */
export function askCustomer(
  deps: {
    mfa: MfaChallenges;
    mailer: Pick<Mailer, 'queue'>;
    connections: ConnectionsService;
    config: Pick<Config, 'publicUrl' | 'sessionSecret' | 'mfaWaitMs'>;
    log: Log;
  },
  connectionId: number,
): NonNullable<LoginHelp['mfa']> {
  const { mfa, mailer, connections, config, log } = deps;
  const expiresAt = new Date(Date.now() + config.mfaWaitMs);
  const token = mfaToken(config.sessionSecret, connectionId);
  let challenge: number | undefined;
  return {
    async ask(options) {
      challenge = await mfa.open(connectionId, token, options, expiresAt);
      await connections.recordVerification(
        connectionId,
        { verified: null, message: waitingForCode(expiresAt) },
        { announce: false },
      );
      const subject = await connections.reportSubject(connectionId);
      if (!subject) return;
      try {
        await mailer.queue({
          kind: 'code_request',
          to: subject.customerEmail,
          connectionId,
          ...codeRequestMessage({
            customerName: subject.customerName,
            providerName: subject.provider.name,
            requester: subject.owner,
            link: codePageUrl(config.publicUrl, token),
            expiresAt,
          }),
        });
      } catch (err) {
        // The code page is still shown on the form's success screen.
        log.error({ err, connectionId }, 'the code request could not be queued');
      }
    },
    choice: async () => (challenge ? mfa.awaitChoice(challenge, expiresAt.getTime()) : null),
    askCode: async () => {
      if (challenge) await mfa.askCode(challenge);
    },
    code: async () => (challenge ? mfa.awaitCode(challenge, expiresAt.getTime()) : null),
    finish: async (status, message) => {
      if (challenge) await mfa.finish(challenge, status, message);
    },
    saveSession: (state) => connections.savePortalSession(connectionId, state),
  };
}
