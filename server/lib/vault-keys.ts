import { inspect } from 'node:util';
import { DecryptCommand, GenerateDataKeyCommand, KMSClient } from '@aws-sdk/client-kms';
import { asc, desc, isNotNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { ConfigError, type CredentialsConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { connections, credentialDataKeys } from '../db/schema.ts';
import type { CredentialVault } from './vault.ts';

/** Binds every data key to this use: KMS refuses to unwrap it for anything else. */
const ENCRYPTION_CONTEXT = { purpose: 'utility-reports credential vault' };

/** Makes and unwraps data keys under a master key that never leaves the key service. */
export type KeyWrapper = {
  keyId: string;
  generate(): Promise<{ plaintext: Buffer; wrapped: Buffer }>;
  unwrap(wrapped: Buffer): Promise<Buffer>;
};

/** The region of a key ARN (`arn:aws:kms:<region>:...`); otherwise the SDK's default chain. */
const regionOf = (keyId: string) => /^arn:aws[\w-]*:kms:([\w-]+):/.exec(keyId)?.[1];

/** AWS KMS (or a compatible service at `endpoint`) with the SDK's default credentials. */
function kmsKeyWrapper(keyId: string, endpoint?: string): KeyWrapper {
  const client = new KMSClient({ region: regionOf(keyId), endpoint });
  return {
    keyId,
    async generate() {
      const out = await client.send(
        new GenerateDataKeyCommand({
          KeyId: keyId,
          KeySpec: 'AES_256',
          EncryptionContext: ENCRYPTION_CONTEXT,
        }),
      );
      if (!out.Plaintext || !out.CiphertextBlob) throw new Error('KMS returned no data key');
      return { plaintext: Buffer.from(out.Plaintext), wrapped: Buffer.from(out.CiphertextBlob) };
    },
    async unwrap(wrapped) {
      const out = await client.send(
        new DecryptCommand({
          KeyId: keyId,
          CiphertextBlob: wrapped,
          EncryptionContext: ENCRYPTION_CONTEXT,
        }),
      );
      if (!out.Plaintext) throw new Error('KMS returned no plaintext key');
      return Buffer.from(out.Plaintext);
    },
  };
}

/**
 * Envelope encryption: loads the vault's data keys, each stored wrapped by the KMS key, and
 * unwraps them with KMS; on first use makes one (GenerateDataKey) and stores only its wrapped
 * form. The newest becomes current; keys the configuration gives directly stay for opening
 * what they sealed. Processes racing on a new database all end up with the same key.
 */
async function unlockWithKms(
  db: Db,
  vault: CredentialVault,
  wrapper: KeyWrapper,
  log: FastifyBaseLogger,
): Promise<void> {
  let rows = await db.select().from(credentialDataKeys).orderBy(desc(credentialDataKeys.version));
  if (rows.length === 0) {
    const { wrapped } = await wrapper.generate();
    const version = Math.max(0, ...vault.versions()) + 1;
    await db
      .insert(credentialDataKeys)
      .values({ version, kmsKeyId: wrapper.keyId, wrappedKey: wrapped.toString('base64') })
      .onConflictDoNothing();
    rows = await db.select().from(credentialDataKeys).orderBy(desc(credentialDataKeys.version));
    log.info({ version: rows[0]?.version }, 'credential vault: data key created under KMS');
  }
  const keys: [number, Buffer][] = [];
  for (const row of rows) {
    keys.push([row.version, await wrapper.unwrap(Buffer.from(row.wrappedKey, 'base64'))]);
  }
  const newest = rows[0];
  if (!newest) throw new Error('No credential data key could be stored');
  vault.use(keys, newest.version);
}

/**
 * A start refused because of a setting. It prints as its message alone, so the process that
 * stops on it writes one line, as it does for any other bad setting.
 */
class VaultKeyError extends ConfigError {
  [inspect.custom]() {
    return this.message;
  }
}

/**
 * The logins already saved must open with the keys this start has. Without that check, a
 * restart that forgot CREDENTIALS_KEY_FILE made a new key in DATA_DIR, came up, and failed on
 * each saved login later (every check, retrieval and reveal). One saved login per key version
 * is opened: the newest, which the current holder of that version sealed.
 */
async function checkSavedCredentials(
  db: Db,
  vault: CredentialVault,
  credentials: CredentialsConfig,
): Promise<void> {
  const samples = await db
    .selectDistinctOn([connections.credentialsKeyVersion], {
      id: connections.id,
      version: connections.credentialsKeyVersion,
      username: connections.utilityUsernameSealed,
    })
    .from(connections)
    .where(isNotNull(connections.utilityUsernameSealed))
    .orderBy(asc(connections.credentialsKeyVersion), desc(connections.id));
  for (const sample of samples) {
    try {
      // The context connections/credentials.ts seals a login's username with.
      vault.open(sample.username ?? '', `connection:${sample.id}:username`);
    } catch {
      throw new VaultKeyError(cannotOpen(credentials, sample.version));
    }
  }
}

/** The one line naming the setting to fix. */
function cannotOpen(credentials: CredentialsConfig, version: number | null): string {
  const sealed = `the utility logins saved earlier (key version ${version ?? '?'})`;
  const source = credentials.keySource;
  if (source === 'CREDENTIALS_KEY' || source === 'CREDENTIALS_KEY_FILE') {
    return `Invalid setting ${source}: its key cannot open ${sealed}; give the key they were saved with (older keys stay listed as 2:new,1:old)`;
  }
  const had = credentials.kms
    ? "CREDENTIALS_KMS_KEY_ID's data keys"
    : source === 'DATA_DIR'
      ? 'the key in DATA_DIR'
      : 'no key';
  return `Missing setting CREDENTIALS_KEY_FILE: ${sealed} cannot be opened with ${had}; set CREDENTIALS_KEY_FILE (or CREDENTIALS_KEY) to the key they were saved with`;
}

/**
 * Unlocks the vault where its keys come from KMS (a vault given its keys is already open),
 * then refuses to go on when the logins already saved cannot be opened with its keys.
 */
export async function unlockVault(
  db: Db,
  vault: CredentialVault,
  credentials: CredentialsConfig,
  log: FastifyBaseLogger,
  wrapper?: KeyWrapper,
): Promise<void> {
  const kms = credentials.kms;
  if (kms) await unlockWithKms(db, vault, wrapper ?? kmsKeyWrapper(kms.keyId, kms.endpoint), log);
  await checkSavedCredentials(db, vault, credentials);
}
