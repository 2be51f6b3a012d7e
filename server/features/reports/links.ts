import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Download links that work without a session (in the report email and the `report.ready`
 * webhook): bound to one report version (its id) and an expiry, signed with the server's secret.
 * `{expiry in base 36}.{HMAC-SHA256}`: nothing in it can be changed without the secret.
 */
export class ReportLinks {
  private readonly key: Buffer;

  constructor(secret: string) {
    // A key of its own, derived once, so a token is never valid as anything else.
    this.key = createHmac('sha256', secret).update('report-download-links').digest();
  }

  token(reportId: number, expiresAt: Date): string {
    const expiry = Math.floor(expiresAt.getTime() / 1000).toString(36);
    return `${expiry}.${this.sign(reportId, expiry)}`;
  }

  /** True when the token was made for this report and has not expired. */
  verify(reportId: number, token: string, now = Date.now()): boolean {
    const [expiry, signature] = token.split('.');
    if (!expiry || !signature || !/^[0-9a-z]{1,10}$/.test(expiry)) return false;
    if (Number.parseInt(expiry, 36) * 1000 <= now) return false;
    const expected = Buffer.from(this.sign(reportId, expiry));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private sign(reportId: number, expiry: string): string {
    return createHmac('sha256', this.key).update(`${reportId}:${expiry}`).digest('base64url');
  }
}
