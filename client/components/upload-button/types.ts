import type { UploadPurpose } from '@common/uploads.ts';

/** What a caller learns about a chosen file when asked to sign its upload. */
export type UploadFileInfo = { name: string; type: string; size: number };

/** A signed single-request upload: the browser PUTs the file body to `url` with `headers`. */
export type UploadParameters = {
  method: 'PUT';
  url: string;
  headers: Record<string, string>;
  /** The object key the server chose, when it says. */
  key?: string;
};

export type UploadedFile = UploadFileInfo & {
  /** The signed address the file was sent to (what PUT /api/provider-images expects). */
  uploadURL: string;
  key?: string;
};

type FailedUpload = { name: string; error: string };

export type UploadResult = { successful: UploadedFile[]; failed: FailedUpload[] };

/** The upload button's settings: what it accepts, how many, and where a file is sent. */
export type UploadOptions = {
  /** Default 1. The dialog offers "add more" only while fewer files are chosen. */
  maxNumberOfFiles?: number;
  /** In bytes; default 10 MiB (10,485,760). */
  maxFileSize?: number;
  /** MIME types or extensions (`image/png`, `.csv`); any type when absent. */
  allowedFileTypes?: string[];
  /** What the default signer asks the server for; decides the server's size and type limits. */
  purpose?: UploadPurpose;
  /** Signs one file's upload; the default calls POST /api/objects/upload. */
  getUploadParameters?: (file: UploadFileInfo) => Promise<UploadParameters>;
  /** Called once the started upload has finished, with what succeeded and what failed. */
  onComplete: (result: UploadResult) => void;
  /** A line under the drop area, e.g. "PNG or JPG, up to 2 MB". */
  note?: string;
};
