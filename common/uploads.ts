import { z } from 'zod';
import { MAX_CONNECTION_FILE_BYTES, MAX_LOGO_BYTES } from './constants.ts';

/** What an upload is for decides its size limit, its allowed types and who may send it. */
export const UploadPurpose = z.enum(['connection-file', 'logo']);
export type UploadPurpose = z.infer<typeof UploadPurpose>;

export const LOGO_TYPES = ['image/png', 'image/jpeg'] as const;

export const UPLOAD_LIMITS: Record<
  UploadPurpose,
  { maxBytes: number; types: readonly string[] | null }
> = {
  'connection-file': { maxBytes: MAX_CONNECTION_FILE_BYTES, types: null },
  logo: { maxBytes: MAX_LOGO_BYTES, types: LOGO_TYPES },
};

/**
 * POST /api/objects/upload. The upload button may send no body at all; the defaults then
 * describe a connection file.
 */
export const UploadRequestBody = z.preprocess(
  (v) => v ?? {},
  z.object({
    purpose: UploadPurpose.default('connection-file'),
    fileName: z.string().trim().min(1).max(255).optional(),
    contentType: z.string().trim().max(255).optional(),
    size: z.number().int().nonnegative().optional(),
  }),
);
export type UploadRequestBody = z.infer<typeof UploadRequestBody>;

export const UploadResponse = z.object({
  uploadURL: z.string(),
  method: z.literal('PUT'),
  headers: z.record(z.string(), z.string()),
  /** The object key the server chose; recorded later with the file. */
  key: z.string(),
});
export type UploadResponse = z.infer<typeof UploadResponse>;

/** PUT /api/provider-images */
export const ProviderImageBody = z.object({ imageUrl: z.string().min(1).max(4000) });
export const ProviderImageResponse = z.object({ objectPath: z.string() });
