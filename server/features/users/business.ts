import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import {
  type BusinessProfile,
  type BusinessProfileBody,
  formLogoPath,
  professionalName,
} from '../../../common/business.ts';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { recordAudit } from '../../lib/audit.ts';
import { notFound } from '../../lib/errors.ts';
import type { Actor, UsersDeps } from './context.ts';
import { checkLogo } from './logo-bytes.ts';
import { lockUser, type UserRow } from './rows.ts';

/** Where business logos are kept in the object store: a random name per upload. */
const LOGO_PREFIX = 'business-logos/';

type Identity = Pick<UserRow, 'companyName' | 'replyToEmail' | 'logoKey' | 'uniqueFormUrl'>;

/** The logo's public address: the form link's, with the stored name so a new logo is refetched. */
function logoUrl(row: Pick<Identity, 'logoKey' | 'uniqueFormUrl'>): string | null {
  return row.logoKey
    ? formLogoPath(row.uniqueFormUrl, row.logoKey.slice(LOGO_PREFIX.length))
    : null;
}

function toProfile(row: Identity): BusinessProfile {
  return {
    companyName: row.companyName,
    replyToEmail: row.replyToEmail,
    logoUrl: logoUrl(row),
  };
}

async function freshRow(db: Executor, userId: number): Promise<UserRow> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!row) throw notFound('User not found');
  return row;
}

/** The signed-in user's company name, reply-to address and logo address. */
export async function readBusiness(db: Executor, userId: number): Promise<BusinessProfile> {
  return toProfile(await freshRow(db, userId));
}

/** Sets the company name and reply-to address; a field left out keeps its value. */
export async function updateBusiness(
  { db }: Pick<UsersDeps, 'db'>,
  actor: Actor,
  change: BusinessProfileBody,
): Promise<BusinessProfile> {
  const fields: Partial<Pick<UserRow, 'companyName' | 'replyToEmail'>> = {};
  if (change.companyName !== undefined) fields.companyName = change.companyName;
  if (change.replyToEmail !== undefined) fields.replyToEmail = change.replyToEmail;
  if (Object.keys(fields).length === 0) return readBusiness(db, actor.id);
  const row = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(users)
      .set({ ...fields, updatedAt: new Date() })
      .where(eq(users.id, actor.id))
      .returning();
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'user.business_changed',
      entityType: 'user',
      entityId: String(actor.id),
      details: fields,
      ip: actor.ip,
    });
    return updated;
  });
  if (!row) throw notFound('User not found');
  return toProfile(row);
}

/**
 * A new logo, checked by its bytes before anything is written. The new object is stored under
 * a new name, then the account points at it; the old one is deleted once it no longer does.
 */
export async function replaceLogo(
  { db, store, log }: Pick<UsersDeps, 'db' | 'store' | 'log'>,
  actor: Actor,
  bytes: Uint8Array,
): Promise<BusinessProfile> {
  const logo = checkLogo(bytes);
  const key = `${LOGO_PREFIX}${randomBytes(16).toString('base64url')}.${logo.extension}`;
  await store.put(key, bytes, logo.contentType);
  let previous: string | null;
  let row: UserRow;
  try {
    [previous, row] = await db.transaction(async (tx) => {
      const before = await lockUser(tx, actor.id);
      const [updated] = await tx
        .update(users)
        .set({ logoKey: key, logoContentType: logo.contentType, updatedAt: new Date() })
        .where(eq(users.id, actor.id))
        .returning();
      if (!updated) throw notFound('User not found');
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'user.logo_changed',
        entityType: 'user',
        entityId: String(actor.id),
        details: { contentType: logo.contentType, bytes: bytes.byteLength },
        ip: actor.ip,
      });
      return [before.logoKey, updated] as const;
    });
  } catch (error) {
    await store.delete(key).catch(() => {});
    throw error;
  }
  await dropObject({ store, log }, previous);
  return toProfile(row);
}

/** Removes the logo: the form, emails and reports go on without one. */
export async function removeLogo(
  { db, store, log }: Pick<UsersDeps, 'db' | 'store' | 'log'>,
  actor: Actor,
): Promise<BusinessProfile> {
  const [previous, row] = await db.transaction(async (tx) => {
    const before = await lockUser(tx, actor.id);
    const [updated] = await tx
      .update(users)
      .set({ logoKey: null, logoContentType: null, updatedAt: new Date() })
      .where(eq(users.id, actor.id))
      .returning();
    if (!updated) throw notFound('User not found');
    if (before.logoKey) {
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'user.logo_removed',
        entityType: 'user',
        entityId: String(actor.id),
        ip: actor.ip,
      });
    }
    return [before.logoKey, updated] as const;
  });
  await dropObject({ store, log }, previous);
  return toProfile(row);
}

async function dropObject(
  { store, log }: Pick<UsersDeps, 'store' | 'log'>,
  key: string | null,
): Promise<void> {
  if (!key) return;
  // The account no longer points at it; a failure leaves an unused file, never a broken logo.
  await store.delete(key).catch((err: unknown) => {
    log.warn({ err, key }, 'an old business logo could not be deleted');
  });
}

/** The active owner of a form link, with what the form shows of their business. */
async function formOwnerRow(db: Executor, uniqueFormUrl: string) {
  const [owner] = await db
    .select({
      companyName: users.companyName,
      replyToEmail: users.replyToEmail,
      logoKey: users.logoKey,
      logoContentType: users.logoContentType,
      uniqueFormUrl: users.uniqueFormUrl,
    })
    .from(users)
    .where(and(eq(users.uniqueFormUrl, uniqueFormUrl), eq(users.isActive, true)))
    .limit(1);
  if (!owner) throw notFound('Form not found');
  return owner;
}

/**
 * How the public form names the owner of a link: their company and logo, or neutral words
 * without a company name. Never the username, which is half of their sign-in.
 */
export async function formOwner(db: Executor, uniqueFormUrl: string) {
  const owner = await formOwnerRow(db, uniqueFormUrl);
  return {
    displayName: professionalName(owner.companyName),
    companyName: owner.companyName,
    logoUrl: logoUrl(owner),
  };
}

/** The logo a form shows, with its type as read from its bytes when it was uploaded. */
export async function formLogo(
  { db, store }: Pick<UsersDeps, 'db' | 'store'>,
  uniqueFormUrl: string,
): Promise<{ bytes: Uint8Array; contentType: string }> {
  const owner = await formOwnerRow(db, uniqueFormUrl);
  if (!owner.logoKey || !owner.logoContentType) throw notFound('Logo not found');
  const bytes = await store.getBytes(owner.logoKey);
  return { bytes, contentType: owner.logoContentType };
}
