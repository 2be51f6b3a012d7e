import { chargedOnDelivery } from '../../../common/billing.ts';
import type {
  Connection,
  ConnectionPage,
  ConnectionQuery,
  ConnectionStatus,
  ConnectionUpdate,
  FileRecord,
  HistoryBill,
  Statement,
} from '../../../common/connections.ts';
import type { CustomerSubmission } from '../../../common/forms.ts';
import type { Db, Executor } from '../../db/client.ts';
import type { Page } from '../../lib/cursor.ts';
import { AppError } from '../../lib/errors.ts';
import type { DomainEvents } from '../../lib/events.ts';
import type { ObjectStore } from '../../lib/storage/index.ts';
import type { CredentialVault } from '../../lib/vault.ts';
import { findConnectionRow, type Viewer } from './access.ts';
import {
  confirmLogin,
  purgeDueCredentials,
  replaceCredentials,
  revealCredentials,
  writePortalSession,
} from './credentials.ts';
import { applyEdit, startWork } from './edits.ts';
import { connectionIdsOf, eraseConnectionsOf } from './erase.ts';
import { deleteFile, fileDownloadUrl, listFiles, recordFile } from './files.ts';
import type { FileRow } from './mapping.ts';
import { getConnection, latestConnections, listConnections } from './queries.ts';
import {
  billingHistoriesOf,
  type ImportedFigures,
  importSubject,
  lastCheckAt,
  loginSubject,
  reportSubject,
  statementsOf,
  writeBillingHistory,
  writeImport,
  writeStatement,
  writeVerification,
} from './records.ts';
import {
  claimRetrieval,
  type RetrievedDocuments,
  recordRetrieved,
  releaseRetrieval,
} from './retrieved.ts';
import { computeStats } from './stats.ts';
import { insertSubmission, type SubmissionOutcome } from './submissions.ts';

export type { Viewer } from './access.ts';
/** A connection's row as the viewer may see it (404 for someone else's), for other features. */
export { findConnectionRow } from './access.ts';

/** Whether this user paid for a report on this connection (answered by billing). */
export type PaidAccess = (connectionId: number, userId: number) => Promise<boolean>;
export type { ImportedFigures, ReportSubject } from './records.ts';

/**
 * The connections feature: the only code that writes `connections` and `connection_files`.
 * Each change announces itself (DomainEvents), so whoever calls it, a route, a job or a later
 * API, the follow-up work (credential check, file import, webhooks) happens the same way.
 */
export class ConnectionsService {
  constructor(
    private readonly deps: {
      db: Db;
      vault: CredentialVault;
      store: ObjectStore;
      events: DomainEvents;
      /** Whether a user paid for a report on a connection (billing's answer). */
      paidAccess: PaidAccess;
    },
  ) {}

  /**
   * A deleted account's connections and everything under them, files in the store included;
   * returns the ids removed (their other traces are for their own features to clear).
   */
  eraseOwnedBy(userId: number): Promise<number[]> {
    return eraseConnectionsOf(this.deps, userId);
  }

  /** The ids of a user's connections (what a deleted account's other traces refer to). */
  idsOwnedBy(userId: number): Promise<number[]> {
    return connectionIdsOf(this.deps.db, userId);
  }

  // Reading

  list(query: ConnectionQuery): Promise<ConnectionPage> {
    return listConnections(this.deps.db, query);
  }

  /** The viewer's own connections, newest first, a page at a time. */
  latest(
    viewer: Viewer,
    page: Page,
  ): Promise<{ connections: Connection[]; nextCursor: string | null }> {
    return latestConnections(this.deps.db, viewer, page);
  }

  get(id: number, viewer: Viewer): Promise<Connection> {
    return getConnection(this.deps.db, id, viewer);
  }

  /** Throws 404 unless the connection exists and the viewer may see it. */
  async assertVisible(id: number, viewer: Viewer): Promise<void> {
    await findConnectionRow(this.deps.db, id, viewer);
  }

  stats() {
    return computeStats(this.deps.db);
  }

  // Changing

  /** The public form's submission: a new pending connection, then `connection.created`. */
  async createFromSubmission(
    uniqueFormUrl: string,
    input: CustomerSubmission,
  ): Promise<SubmissionOutcome> {
    const outcome = await insertSubmission(this.deps.db, this.deps.vault, uniqueFormUrl, input);
    if (outcome.created) {
      await this.deps.events.emit('connection.created', {
        connectionId: outcome.id,
        status: outcome.status,
      });
    }
    return outcome;
  }

  async update(id: number, update: ConnectionUpdate, actor: Viewer): Promise<Connection> {
    const previousStatus = await applyEdit(this.deps.db, id, update, actor);
    const connection = await getConnection(this.deps.db, id, actor);
    if (connection.status !== previousStatus) {
      await this.statusChanged(id, previousStatus, connection.status);
    }
    return connection;
  }

  // Files

  listFiles(connectionId: number, viewer: Viewer) {
    return listFiles(this.deps.db, connectionId, viewer);
  }

  /** Records an uploaded file, then `connection.file_added` (interval files get imported). */
  async recordFile(connectionId: number, record: FileRecord, actor: Viewer) {
    const file = await recordFile(this.deps.db, this.deps.store, connectionId, record, actor);
    await this.fileAdded(file);
    return file;
  }

  deleteFile(fileId: number, actor: Viewer) {
    return deleteFile(this.deps.db, this.deps.store, fileId, actor);
  }

  /** A signed download of a file: admins always, its owner once a report on it is paid for. */
  fileDownloadUrl(fileId: number, viewer: Viewer) {
    return fileDownloadUrl(this.deps.db, this.deps.store, fileId, viewer, (connectionId) =>
      this.assertPaidFor(connectionId, viewer),
    );
  }

  /**
   * The connection's data (files, interval exports, the report) may be downloaded: by admins,
   * and by its owner once they have paid for a report on it: the files are what a report is
   * bought for, so they are not handed out before. 404 when the viewer cannot see the
   * connection at all; 402 when they could buy access.
   */
  async assertPaidFor(connectionId: number, viewer: Viewer): Promise<void> {
    const row = await findConnectionRow(this.deps.db, connectionId, viewer);
    if (viewer.role === 'admin') return;
    if (!(await this.deps.paidAccess(row.id, viewer.id))) {
      throw new AppError(
        402,
        'Generate a report on this connection to download its files.',
        'payment_required',
      );
    }
  }

  /**
   * Whether a report bought now on the owner's connection is charged when it is ready rather
   * than at once (its data is not complete and its login not accepted): 404 for anyone but the
   * owner, who alone may buy a report on it.
   */
  async chargedOnDelivery(connectionId: number, ownerId: number): Promise<boolean> {
    const row = await findConnectionRow(this.deps.db, connectionId, { id: ownerId, role: 'user' });
    return chargedOnDelivery({
      status: row.status,
      credentialsVerified: row.credentialsVerified,
      credentialsPurgedAt: row.credentialsPurgedAt?.toISOString() ?? null,
    });
  }

  /**
   * A paid report request: a pending connection moves to in_progress (other statuses stay), in
   * `tx`, the caller's transaction that records the payment. Returns where the connection is
   * left (null when it is gone) and `announce`, which the caller runs once `tx` has committed:
   * a move that was rolled back with its payment must not be announced.
   */
  async startWork(tx: Executor, connectionId: number, actorId: number) {
    const { moved, status } = await startWork(tx, connectionId, actorId);
    const announce = async () => {
      if (moved) await this.statusChanged(connectionId, 'pending', 'in_progress');
    };
    return { status, announce };
  }

  // Credentials

  revealCredentials(id: number, actor: Viewer, ip: string) {
    return revealCredentials(this.deps.db, this.deps.vault, id, actor, ip);
  }

  /**
   * An admin confirms by hand that the customer's login works: it counts as verified (a report
   * may be bought for immediate delivery), announced as a check that succeeded.
   */
  async confirmLogin(id: number, actor: Viewer, ip: string): Promise<Connection> {
    const confirmed = await confirmLogin(this.deps.db, id, actor, ip);
    if (confirmed) {
      await this.deps.events.emit('connection.credentials_checked', {
        connectionId: id,
        verified: true,
        message: confirmed.message,
      });
    }
    return this.get(id, actor);
  }

  purgeDueCredentials(retentionDays: number) {
    return purgeDueCredentials(this.deps.db, retentionDays);
  }

  // What background work reads and records

  /** A connection's facts, owner, provider and files (with object keys) for its report. */
  reportSubject(connectionId: number, options: { withFiles?: boolean } = {}) {
    return reportSubject(this.deps.db, connectionId, options.withFiles ?? true);
  }

  /** The connection a login check is about, with its credentials opened; null when gone. */
  loginSubject(connectionId: number) {
    return loginSubject(this.deps.db, this.deps.vault, connectionId);
  }

  /** When a login at this provider's portal was last checked by any process. */
  lastLoginCheckAt(providerId: number) {
    return lastCheckAt(this.deps.db, providerId);
  }

  /**
   * A login check's result. `announce` is for a real verdict from the portal, which emits
   * `connection.credentials_checked`; "could not check" notes are recorded quietly.
   */
  async recordVerification(
    connectionId: number,
    result: { verified: boolean | null; message: string },
    options: { announce: boolean },
  ) {
    await writeVerification(this.deps.db, connectionId, result.verified, result.message);
    if (options.announce) {
      await this.deps.events.emit('connection.credentials_checked', {
        connectionId,
        verified: result.verified,
        message: result.message,
      });
    }
  }

  // Automated retrieval

  /** False when a retrieval already runs on this connection. */
  claimRetrieval(connectionId: number) {
    return claimRetrieval(this.deps.db, connectionId);
  }

  /** Keeps the portal's session after a login with the customer's code (sealed). */
  async savePortalSession(connectionId: number, state: string) {
    await writePortalSession(this.deps.db, this.deps.vault, connectionId, state);
  }

  /**
   * The customer's login, typed again after a check refused it: sealed in place of the old one.
   * False when the connection is gone, complete, purged or already verified.
   */
  replaceCredentials(connectionId: number, username: string, password: string) {
    return replaceCredentials(this.deps.db, this.deps.vault, connectionId, username, password);
  }

  releaseRetrieval(connectionId: number) {
    return releaseRetrieval(this.deps.db, connectionId);
  }

  /**
   * Keeps what the browser fetched from the portal as files (imported like uploads, through
   * `connection.file_added`), notes what was found, and completes the connection when both a
   * bill and the interval export are there.
   */
  async recordRetrieved(connectionId: number, found: RetrievedDocuments) {
    const { added, completedFrom } = await recordRetrieved(
      this.deps.db,
      this.deps.store,
      connectionId,
      found,
    );
    for (const file of added) await this.fileAdded(file);
    if (completedFrom) await this.statusChanged(connectionId, completedFrom, 'complete');
    return { added: added.length, completed: completedFrom !== null };
  }

  importSubject(fileId: number) {
    return importSubject(this.deps.db, fileId);
  }

  /** Records what a statement PDF says; its facts fill the connection where they may. */
  recordStatement(file: { id: number; connectionId: number }, statement: Statement) {
    return writeStatement(this.deps.db, file, statement);
  }

  /**
   * Records the bills read from a billing-history CSV, with a note; its newest bill fills the
   * connection where a statement's would.
   */
  recordBillingHistory(
    file: { id: number; connectionId: number },
    bills: HistoryBill[],
    note: string,
  ) {
    return writeBillingHistory(this.deps.db, file, bills, note);
  }

  /** The bills of the connection's billing-history files. */
  billingHistoriesOf(connectionId: number) {
    return billingHistoriesOf(this.deps.db, connectionId);
  }

  /** The statements read on a connection's PDFs, newest first. */
  statementsOf(connectionId: number) {
    return statementsOf(this.deps.db, connectionId);
  }

  /**
   * An interval import's outcome on the file, and its figures on the connection unless an admin
   * typed them. `tx` is the transaction that stored the series, so both land together.
   */
  recordImport(
    file: { id: number; connectionId: number },
    outcome: { status: 'imported' } | { status: 'failed'; error: string },
    figures?: ImportedFigures,
    tx: Executor = this.deps.db,
  ) {
    return writeImport(tx, file, outcome, figures);
  }

  // What each change announces

  /** Interval files get imported, statements read, and webhooks hear of it. */
  private fileAdded(file: Pick<FileRow, 'id' | 'connectionId' | 'fileName' | 'fileType'>) {
    return this.deps.events.emit('connection.file_added', {
      connectionId: file.connectionId,
      fileId: file.id,
      fileName: file.fileName,
      fileType: file.fileType,
    });
  }

  private statusChanged(connectionId: number, from: ConnectionStatus, to: ConnectionStatus) {
    return this.deps.events.emit('connection.status_changed', { connectionId, from, to });
  }
}
