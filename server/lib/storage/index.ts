import type { StorageConfig } from '../../config.ts';
import { LocalObjectStore } from './local.ts';
import { S3ObjectStore } from './s3.ts';
import type { ObjectStore } from './types.ts';

export { LocalObjectStore } from './local.ts';
export { localStorageRoutes } from './local-routes.ts';
export { S3ObjectStore } from './s3.ts';
export type { ObjectStore } from './types.ts';

/** The store the configuration names: S3 when S3_BUCKET is set, else the local folder. */
export function createObjectStore(storage: StorageConfig): ObjectStore {
  if (storage.kind === 's3') return new S3ObjectStore(storage);
  return new LocalObjectStore({ dir: storage.dir, secret: storage.secret });
}
