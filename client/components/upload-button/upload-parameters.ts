import type { UploadPurpose, UploadResponse } from '@common/uploads.ts';
import { apiRequest } from '@/lib/api.ts';
import type { UploadFileInfo, UploadParameters } from './types.ts';

/** The default signer: asks our server for a signed PUT address for this file. */
export function requestUploadParameters(purpose: UploadPurpose) {
  return async (file: UploadFileInfo): Promise<UploadParameters> => {
    const answer = await apiRequest<Partial<UploadResponse> & { uploadURL: string }>(
      'POST',
      '/api/objects/upload',
      {
        purpose,
        fileName: file.name,
        contentType: file.type || 'application/octet-stream',
        size: file.size,
      },
    );
    return {
      method: 'PUT',
      url: answer.uploadURL,
      headers: answer.headers ?? {},
      key: answer.key,
    };
  };
}
