import {
  RETRIEVAL_NEEDS_LOGIN,
  RETRIEVAL_QUEUED,
  type RetrievalRequested,
} from '../../../common/automation.ts';
import { badRequest } from '../../lib/errors.ts';
import type { JobQueue } from '../../lib/jobs/queue.ts';
import type { ConnectionsService, Viewer } from '../connections/service.ts';
import { verifyConnectionCredentialsJob } from './jobs.ts';

/**
 * An admin's "Retrieve now": the login is checked again and, signed in, the portal walked for
 * the bills and the usage export (the verification job does both). Only while the customer's
 * login is stored; a retrieval already running on the connection makes this one a login check.
 * It fetches the files also from a utility whose retrieval is not automatic.
 */
export async function requestRetrieval(
  { connections, queue }: { connections: ConnectionsService; queue: Pick<JobQueue, 'enqueue'> },
  connectionId: number,
  admin: Viewer,
): Promise<RetrievalRequested> {
  const connection = await connections.get(connectionId, admin);
  if (!connection.hasCredentials) throw badRequest(RETRIEVAL_NEEDS_LOGIN);
  await queue.enqueue(verifyConnectionCredentialsJob, { connectionId, byHand: true });
  return { message: RETRIEVAL_QUEUED };
}
