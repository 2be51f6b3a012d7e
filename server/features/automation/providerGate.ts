/**
 * Spaces background logins to one utility portal so a burst of submissions never looks like
 * an attack (and never locks anyone out): each login starts at least `intervalMs` after the
 * previous one started in this process, and after the last check any worker recorded.
 */
export class ProviderGate {
  private nextStart = new Map<number, number>();

  async wait(
    providerId: number,
    intervalMs: number,
    lastCheckAt: (providerId: number) => Promise<Date | null>,
  ): Promise<void> {
    if (intervalMs <= 0) return;
    const last = await lastCheckAt(providerId);
    const now = Date.now();
    const afterOthers = last ? last.getTime() + intervalMs : 0;
    const start = Math.max(now, afterOthers, this.nextStart.get(providerId) ?? 0);
    this.nextStart.set(providerId, start + intervalMs);
    if (start > now) await new Promise((resolve) => setTimeout(resolve, start - now));
  }
}

/** One gate per process: every worker's jobs share it. */
export const providerGate = new ProviderGate();
