import { eq } from 'drizzle-orm';
import type { NoticeKind } from '../../../common/notices.ts';
import type { Db } from '../../db/client.ts';
import { noticeSettings } from '../../db/schema.ts';

/** The kinds of notice a user turned email off for (none unless they changed a switch). */
export async function emailsOff(db: Db, userId: number): Promise<Set<string>> {
  const [row] = await db
    .select({ emailsOff: noticeSettings.emailsOff })
    .from(noticeSettings)
    .where(eq(noticeSettings.userId, userId));
  return new Set(row?.emailsOff ?? []);
}

/**
 * Whether the user wants this kind of notice by email. Read too by a feature that sends its own
 * email of a kind (the report-ready email), so that one switch governs it.
 */
export async function emailWanted(db: Db, userId: number, kind: NoticeKind): Promise<boolean> {
  return !(await emailsOff(db, userId)).has(kind);
}
