// Loaded lazily by upload-button.tsx: Uppy and its styles live only in this chunk.
import '@uppy/core/css/style.min.css';
import '@uppy/dashboard/css/style.min.css';
import { MAX_CONNECTION_FILE_BYTES } from '@common/constants.ts';
import AwsS3 from '@uppy/aws-s3';
import Uppy from '@uppy/core';
import Dashboard from '@uppy/react/dashboard';
import { useEffect, useRef, useState } from 'react';
import type { UploadOptions, UploadParameters, UploadResult } from './types.ts';
import { uploadErrorMessage } from './upload-errors.ts';
import { requestUploadParameters } from './upload-parameters.ts';

/** The uploader is 750 x 550 where there is room, and shrinks with a smaller viewport. */
const DASHBOARD_HEIGHT = 'min(550px, calc(100dvh - 11rem))';
const INFO_TIMEOUT_MS = 5000;
const SINGLE_FILE_LOCALE = { strings: { dropPasteFiles: 'Drop a file here or %{browseFiles}' } };

type Latest = Pick<UploadOptions, 'getUploadParameters' | 'purpose' | 'onComplete'>;

function createUppy(options: UploadOptions, latest: { current: Latest }) {
  // The address each file was signed for: what the caller records once the upload is done.
  const signed = new Map<string, UploadParameters>();
  const uppy = new Uppy({
    autoProceed: false,
    restrictions: {
      maxNumberOfFiles: options.maxNumberOfFiles ?? 1,
      maxFileSize: options.maxFileSize ?? MAX_CONNECTION_FILE_BYTES,
      allowedFileTypes: options.allowedFileTypes ?? null,
    },
  });

  uppy.use(AwsS3, {
    shouldUseMultipart: false,
    // The server picks the real key; Uppy's key is only how signRequest finds the file.
    generateObjectKey: (file) => file.id,
    signRequest: async (request) => {
      const file = uppy.getFile(request.key);
      if (request.method !== 'PUT' || 'uploadId' in request || !file) {
        throw new Error('Only single-request uploads are supported');
      }
      const sign =
        latest.current.getUploadParameters ??
        requestUploadParameters(latest.current.purpose ?? 'connection-file');
      const params = await sign({
        name: file.name ?? 'file',
        type: request.contentType ?? file.type ?? '',
        size: file.size ?? 0,
      });
      // Our local store hands out same-origin paths; Uppy needs an absolute URL.
      const url = new URL(params.url, window.location.href).href;
      signed.set(file.id, { ...params, url });
      return { url, headers: params.headers, key: params.key };
    },
  });

  // Uppy's own handler has already run and shown "S3 returned 413": put the server's words there.
  uppy.on('upload-error', (file, error) => {
    const message = uploadErrorMessage(error);
    uppy.setState({ error: message });
    if (file && uppy.getFile(file.id)) uppy.setFileState(file.id, { error: message });
    uppy.info(
      { message: uppy.i18n('failedToUpload', { file: file?.name ?? '' }), details: message },
      'error',
      INFO_TIMEOUT_MS,
    );
  });

  uppy.on('complete', (result) => {
    const done: UploadResult = {
      successful: (result.successful ?? []).map((file) => ({
        name: file.name ?? 'file',
        type: file.type ?? '',
        size: file.size ?? 0,
        uploadURL: signed.get(file.id)?.url ?? file.response?.uploadURL ?? '',
        key: signed.get(file.id)?.key,
      })),
      failed: (result.failed ?? []).map((file) => ({
        name: file.name ?? 'file',
        error: file.error ?? 'Unknown error',
      })),
    };
    if (done.successful.length > 0 || done.failed.length > 0) latest.current.onComplete(done);
  });
  return uppy;
}

/** Uppy's dashboard (drop area, file list, progress bar, manual Upload button), inline. */
export default function UploadDashboard(props: UploadOptions) {
  const latest = useRef<Latest>(props);
  latest.current = props;
  // Restrictions are fixed for the dialog's lifetime; the dialog mounts this afresh each time.
  const [uppy] = useState(() => createUppy(props, latest));
  // Closing the dialog stops whatever is still in flight.
  useEffect(() => () => uppy.cancelAll(), [uppy]);
  // Uppy hides error details behind a "?" button: say the server's words in plain sight.
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const update = () => setError(uppy.getState().error ?? null);
    uppy.on('state-update', update);
    return () => {
      uppy.off('state-update', update);
    };
  }, [uppy]);

  return (
    <div className="grid gap-3">
      <Dashboard
        uppy={uppy}
        width="100%"
        height={DASHBOARD_HEIGHT}
        note={props.note ?? null}
        locale={(props.maxNumberOfFiles ?? 1) === 1 ? SINGLE_FILE_LOCALE : undefined}
        proudlyDisplayPoweredByUppy={false}
        showRemoveButtonAfterComplete={false}
        theme="light"
      />
      {error ? (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-red-800 text-sm">
          Upload failed: {error}
        </p>
      ) : null}
    </div>
  );
}
