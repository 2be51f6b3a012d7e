/**
 * Spaces background logins to one utility portal so a burst of submissions never looks like
 * an attack (and never locks anyone out): each login starts at least `intervalMs` after the
 * previous one started in this process, and after the last check any worker recorded.
 */
export class ProviderGate {
  private nextStart = new Map<number, number>();

  /**
   * Reserves the next start for a login to the portal and says when it is (epoch ms; now or
   * later). The caller waits for it, or, when it is far off, comes back then (see
   * verifyConnection) so that its worker is free for other portals meanwhile.
   */
  async reserve(
    providerId: number,
    intervalMs: number,
    lastCheckAt: (providerId: number) => Promise<Date | null>,
  ): Promise<number> {
    const now = Date.now();
    if (intervalMs <= 0) return now;
    const last = await lastCheckAt(providerId);
    const afterOthers = last ? last.getTime() + intervalMs : 0;
    const start = Math.max(Date.now(), afterOthers, this.nextStart.get(providerId) ?? 0);
    this.nextStart.set(providerId, start + intervalMs);
    return start;
  }
}

export const sleepUntil = async (at: number) => {
  const ms = at - Date.now();
  if (ms > 0) await new Promise((resolve) => setTimeout(resolve, ms));
};

/** One gate per process: every worker's jobs share it. */
export const providerGate = new ProviderGate();
