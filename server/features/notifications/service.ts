import type { FastifyBaseLogger } from 'fastify';
import type { DomainEvents } from '../../lib/events.ts';
import {
  type Mailer,
  newSubmissionMessage,
  type OutgoingMessage,
  submissionReceivedMessage,
} from '../../lib/mail/index.ts';
import type { ConnectionsService } from '../connections/service.ts';

/** Whether a user wants a kind of notice by email, for a feature that sends its own email of it. */
export { emailWanted } from './email-settings.ts';

/**
 * The notices that follow what happens to a connection, sent through the one mail path
 * (Mailer): a new submission tells the form's owner, and the customer hears that their details
 * arrived. The report-ready notice is the reports feature's own.
 */
export class NotificationsService {
  constructor(
    private readonly deps: {
      connections: Pick<ConnectionsService, 'reportSubject'>;
      mailer: Pick<Mailer, 'queueAll'>;
      publicUrl: string;
      log: FastifyBaseLogger;
    },
  ) {}

  subscribeTo(events: DomainEvents): void {
    events.on('connection.created', ({ connectionId }) => this.announceSubmission(connectionId));
  }

  /** Queues the new-submission and submission-received notices; returns their outbox ids. */
  async announceSubmission(connectionId: number): Promise<number[]> {
    const { connections, mailer, publicUrl, log } = this.deps;
    const subject = await connections.reportSubject(connectionId, { withFiles: false });
    if (!subject) return [];
    const notices: OutgoingMessage[] = [];
    if (subject.owner.email) {
      notices.push({
        kind: 'new_submission',
        to: subject.owner.email,
        connectionId,
        ...newSubmissionMessage({
          username: subject.owner.username,
          customerName: subject.customerName,
          customerEmail: subject.customerEmail,
          providerName: subject.provider.name,
          accountLabel: subject.accountName ?? subject.accountNumber,
          dashboardUrl: `${publicUrl}/dashboard`,
        }),
      });
    }
    notices.push({
      kind: 'submission_received',
      to: subject.customerEmail,
      connectionId,
      ...submissionReceivedMessage({
        customerName: subject.customerName,
        requester: subject.owner,
        providerName: subject.provider.name,
        siteUrl: publicUrl,
      }),
    });
    // Both in one statement each (outbox, queue): a submission is the busiest request there is.
    // One notice that cannot be queued (an address a mail server would refuse) does not cost
    // the other its message.
    const { ids, refused } = await mailer.queueAll(notices);
    for (const { message, error } of refused) {
      log.error({ err: error, connectionId, kind: message.kind }, 'a notice could not be queued');
    }
    return ids;
  }
}
