import type { Db } from '../../db/client.ts';
import {
  BUILD_LEASE_MS,
  claimForBuild,
  type ReportRow,
  releaseLease,
  renewLease,
  settleBuild,
} from './records.ts';

/** How often a running build renews its lease: three renewals fit in one lease. */
const HEARTBEAT_MS = 10_000;

/** A watch comes due this long after the lease it guards would lapse, so it finds it lapsed. */
const WATCH_MARGIN_MS = 1_000;

/** What a lease reports when it cannot renew or set a watch; the next renewal tries again. */
type OnError = (err: unknown, what: string) => void;

/** Queues a look at the version at `at` (the reports' recovery job). */
type Watch = (at: Date) => Promise<unknown>;

/**
 * A running build's claim on its version. Every HEARTBEAT_MS it moves the row's `updatedAt`
 * forward, and before the claim and each renewal it has a watch queued for the moment that
 * claim or renewal would lapse: if the process dies (kill -9, a lost machine), the last watch
 * finds the lease lapsed and the build is queued again, for whichever worker runs by then;
 * while the build lives, each watch finds a fresh lease and does nothing.
 *
 * A build that stalls past its lease may be taken over while it still runs: it then no longer
 * holds the row, and its renewals and its outcome are not written, so the version is stored,
 * announced and emailed by one run only.
 */
export class BuildLease {
  /** The row's `updatedAt` as this run last wrote it: what proves the version is still ours. */
  private held: Date;
  private timer?: ReturnType<typeof setInterval>;
  /** The renewal in flight, so none overlaps another or the outcome. */
  private beat: Promise<void> = Promise.resolve();
  private lost = false;

  private constructor(
    private readonly db: Db,
    readonly reportId: number,
    claimedAt: Date,
    private readonly watch: Watch,
    private readonly onError: OnError,
  ) {
    this.held = claimedAt;
  }

  /**
   * Claims the version (`claimForBuild`) and starts renewing; undefined when another run holds
   * it or it is built. The watch is queued first, so that a process killed the moment after
   * its claim has one.
   */
  static async claim(
    db: Db,
    reportId: number,
    watch: Watch,
    onError: OnError = () => {},
  ): Promise<{ lease: BuildLease; report: ReportRow } | undefined> {
    const lease = new BuildLease(db, reportId, new Date(), watch, onError);
    await lease.setWatch(lease.held);
    const report = await claimForBuild(db, reportId, lease.held);
    if (!report) return undefined;
    lease.timer = setInterval(() => {
      lease.beat = lease.beat.then(() => lease.renew());
    }, HEARTBEAT_MS);
    lease.timer.unref();
    return { lease, report };
  }

  /**
   * Renews now and answers whether the version is still this run's: asked before a step no
   * other run may overlap (writing the files under their fixed keys).
   */
  async hold(): Promise<boolean> {
    this.beat = this.beat.then(() => this.renew());
    await this.beat;
    return !this.lost;
  }

  /**
   * Stops renewing and writes the build's outcome if the version is still this run's;
   * undefined when another run took it over.
   */
  async settle(change: Parameters<typeof settleBuild>[3]): Promise<ReportRow | undefined> {
    this.stop();
    await this.beat;
    if (this.lost) return undefined;
    return settleBuild(this.db, this.reportId, this.held, change);
  }

  /**
   * Lets go of the version while the build still runs (the process is stopping): it is queued
   * again if this run still held it (true), and this run's renewals and outcome are no longer
   * written, so the run that claims it next delivers it alone.
   */
  async release(): Promise<boolean> {
    this.stop();
    await this.beat;
    if (this.lost) return false;
    this.lost = true;
    return releaseLease(this.db, this.reportId, this.held);
  }

  /** Stops renewing (the build ended, whatever happened). */
  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  private async renew(): Promise<void> {
    if (this.lost) return;
    const now = new Date();
    // The watch first: a crash between the two leaves a watch due after the renewed lease.
    await this.setWatch(now);
    try {
      if (await renewLease(this.db, this.reportId, this.held, now)) this.held = now;
      else this.lost = true;
    } catch (err) {
      this.onError(err, 'renew the build lease');
    }
  }

  private async setWatch(renewedAt: Date): Promise<void> {
    try {
      await this.watch(new Date(renewedAt.getTime() + BUILD_LEASE_MS + WATCH_MARGIN_MS));
    } catch (err) {
      this.onError(err, 'queue the build watch');
    }
  }
}
