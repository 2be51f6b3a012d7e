import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** A sealed secret and the key version that sealed it (stored beside it, for rotation). */
export type Sealed = { value: string; keyVersion: number };

/**
 * The credential vault: AES-256-GCM with a fresh 96-bit IV per secret. A sealed value reads
 * `v<version>.<iv>.<tag>.<ciphertext>` (base64url), so any key still listed can open it while
 * new secrets use the current (first) key.
 */
export class CredentialVault {
  private readonly keys: Map<number, Buffer>;
  private current: number | undefined;

  /**
   * `keys` by version, the first one current. Without keys the vault is locked until `use()`
   * gives it its data keys (envelope encryption loads them from KMS once the database is up).
   */
  constructor(keys: [number, Buffer][]) {
    this.keys = new Map(keys);
    this.current = keys[0]?.[0];
  }

  /** Adds keys (older ones stay, to open what they sealed) and seals with `current` from now on. */
  use(keys: [number, Buffer][], current: number): void {
    for (const [version, key] of keys) this.keys.set(version, key);
    this.key(current);
    this.current = current;
  }

  /** The key versions the vault holds. */
  versions(): number[] {
    return [...this.keys.keys()];
  }

  seal(plaintext: string, context: string): Sealed {
    if (this.current === undefined) {
      throw new Error('The credential vault is locked: its keys are not loaded yet');
    }
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key(this.current), iv);
    // The context (e.g. "connection:12:password") binds a ciphertext to its row and field.
    cipher.setAAD(Buffer.from(context));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    const parts = [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url'));
    return { value: `v${this.current}.${parts.join('.')}`, keyVersion: this.current };
  }

  open(sealed: string, context: string): string {
    const match = /^v(\d+)\.([\w-]+)\.([\w-]+)\.([\w-]*)$/.exec(sealed);
    if (!match) throw new Error('Not a sealed credential');
    const [, version, iv, tag, body] = match;
    const decipher = createDecipheriv(
      'aes-256-gcm',
      this.key(Number(version)),
      Buffer.from(iv ?? '', 'base64url'),
    );
    decipher.setAAD(Buffer.from(context));
    decipher.setAuthTag(Buffer.from(tag ?? '', 'base64url'));
    return Buffer.concat([
      decipher.update(Buffer.from(body ?? '', 'base64url')),
      decipher.final(),
    ]).toString('utf8');
  }

  private key(version: number): Buffer {
    const key = this.keys.get(version);
    if (!key) throw new Error(`Credential key version ${version} is not configured`);
    return key;
  }
}
