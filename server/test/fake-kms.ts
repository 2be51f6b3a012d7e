import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for AWS KMS (an internet service), speaking its JSON 1.1 protocol for the two
 * calls envelope encryption makes. It checks what is sent (a SigV4-signed request, the key, the
 * key spec, the encryption context) and answers with the documented shapes; its master key never
 * leaves it, as with KMS.
 */
export type FakeKms = {
  url: string;
  keyId: string;
  calls: { target: string; body: Record<string, unknown> }[];
  close(): Promise<void>;
};

const read = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = '';
    req.on('data', (chunk) => {
      text += chunk;
    });
    req.on('end', () => resolve(text));
  });

export async function startFakeKms(
  keyId = 'arn:aws:kms:us-east-1:111122223333:key/1234abcd-12ab-34cd-56ef-1234567890ab',
): Promise<FakeKms> {
  const master = randomBytes(32);
  const calls: FakeKms['calls'] = [];
  const aad = (context: unknown) => Buffer.from(`${keyId}|${JSON.stringify(context ?? {})}`);
  const server: Server = createServer(async (req, res) => {
    const answer = (status: number, body: object) => {
      res.writeHead(status, { 'content-type': 'application/x-amz-json-1.1' });
      res.end(JSON.stringify(body));
    };
    const target = String(req.headers['x-amz-target'] ?? '');
    const body = JSON.parse((await read(req)) || '{}') as Record<string, unknown>;
    calls.push({ target, body });
    if (!String(req.headers.authorization ?? '').startsWith('AWS4-HMAC-SHA256 Credential=')) {
      return answer(400, { __type: 'MissingAuthenticationTokenException', message: 'unsigned' });
    }
    if (body.KeyId !== keyId) {
      return answer(400, {
        __type: 'NotFoundException',
        message: `Key '${body.KeyId}' does not exist`,
      });
    }
    if (target === 'TrentService.GenerateDataKey') {
      if (body.KeySpec !== 'AES_256') {
        return answer(400, { __type: 'ValidationException', message: 'KeySpec' });
      }
      const plaintext = randomBytes(32);
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', master, iv).setAAD(aad(body.EncryptionContext));
      const sealed = Buffer.concat([cipher.update(plaintext), cipher.final()]);
      const blob = Buffer.concat([iv, cipher.getAuthTag(), sealed]);
      return answer(200, {
        KeyId: keyId,
        Plaintext: plaintext.toString('base64'),
        CiphertextBlob: blob.toString('base64'),
      });
    }
    if (target === 'TrentService.Decrypt') {
      try {
        const blob = Buffer.from(String(body.CiphertextBlob), 'base64');
        const decipher = createDecipheriv('aes-256-gcm', master, blob.subarray(0, 12))
          .setAAD(aad(body.EncryptionContext))
          .setAuthTag(blob.subarray(12, 28));
        const plaintext = Buffer.concat([decipher.update(blob.subarray(28)), decipher.final()]);
        return answer(200, {
          KeyId: keyId,
          Plaintext: plaintext.toString('base64'),
          EncryptionAlgorithm: 'SYMMETRIC_DEFAULT',
        });
      } catch {
        return answer(400, { __type: 'InvalidCiphertextException', message: 'Invalid ciphertext' });
      }
    }
    answer(400, { __type: 'UnknownOperationException', message: target });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    keyId,
    calls,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
