import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CredentialVault } from './vault.ts';

const k1 = randomBytes(32);
const k2 = randomBytes(32);

describe('CredentialVault', () => {
  it('seals to ciphertext that holds nothing of the secret, and opens it again', () => {
    const vault = new CredentialVault([[1, k1]]);
    const sealed = vault.seal('hunter2-secret', 'connection:1:password');
    expect(sealed.keyVersion).toBe(1);
    expect(sealed.value).toMatch(/^v1\./);
    expect(sealed.value).not.toContain('hunter2');
    expect(vault.seal('hunter2-secret', 'connection:1:password').value).not.toBe(sealed.value);
    expect(vault.open(sealed.value, 'connection:1:password')).toBe('hunter2-secret');
  });

  it('refuses a ciphertext moved to another row or field, or tampered with', () => {
    const vault = new CredentialVault([[1, k1]]);
    const sealed = vault.seal('secret', 'connection:1:password').value;
    expect(() => vault.open(sealed, 'connection:2:password')).toThrow();
    expect(() => vault.open(sealed, 'connection:1:username')).toThrow();
    const last = sealed.at(-1) === 'A' ? 'B' : 'A';
    expect(() => vault.open(sealed.slice(0, -1) + last, 'connection:1:password')).toThrow();
  });

  it('rotates: new secrets use the first key, old ones open while their key is listed', () => {
    const old = new CredentialVault([[1, k1]]).seal('old secret', 'c');
    const rotated = new CredentialVault([
      [2, k2],
      [1, k1],
    ]);
    expect(rotated.open(old.value, 'c')).toBe('old secret');
    expect(rotated.seal('new', 'c').keyVersion).toBe(2);
    expect(() => new CredentialVault([[2, k2]]).open(old.value, 'c')).toThrow(/version 1/);
  });
});
