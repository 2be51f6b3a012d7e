import { Upload } from 'lucide-react';
import { Component, lazy, type ReactNode, Suspense, useState } from 'react';
import { Button, type ButtonProps } from '@/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import type { UploadOptions, UploadResult } from './types.ts';

const loadDashboard = () => import('./upload-dashboard.tsx');
const UploadDashboard = lazy(loadDashboard);
/** Warms the chunk; a failure shows up (in the dialog) only if the dialog is opened. */
const prefetch = () => {
  loadDashboard().catch(() => undefined);
};

export type UploadButtonProps = UploadOptions & {
  /** The button's label; "Upload File" when absent. */
  children?: ReactNode;
  dialogTitle?: string;
  dialogDescription?: string;
  buttonProps?: Omit<ButtonProps, 'children' | 'onClick' | 'asChild'>;
};

/**
 * A button opening the upload dialog (connection files, provider logos): choose or drop files, start
 * the upload by hand, watch its progress. Uppy's code loads only when the button is hovered,
 * focused or pressed. The dialog closes itself once every file has arrived.
 */
export function UploadButton({
  children,
  dialogTitle = 'Upload File',
  dialogDescription,
  buttonProps,
  onComplete,
  ...options
}: UploadButtonProps) {
  const [open, setOpen] = useState(false);

  function complete(result: UploadResult) {
    onComplete(result);
    if (result.failed.length === 0 && result.successful.length > 0) setOpen(false);
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button
          type="button"
          variant="outline"
          onPointerEnter={prefetch}
          onFocus={prefetch}
          {...buttonProps}
        >
          <Upload aria-hidden="true" />
          {children ?? 'Upload File'}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-[798px]">
        <DialogHeader>
          <DialogTitle>{dialogTitle}</DialogTitle>
          <DialogDescription className={dialogDescription ? undefined : 'sr-only'}>
            {dialogDescription ?? 'Choose or drop a file, then start the upload.'}
          </DialogDescription>
        </DialogHeader>
        <LoadFailure>
          <Suspense
            fallback={
              <div className="flex h-40 items-center justify-center">
                <Spinner label="Loading uploader..." />
              </div>
            }
          >
            <UploadDashboard {...options} onComplete={complete} />
          </Suspense>
        </LoadFailure>
      </DialogContent>
    </Dialog>
  );
}

/** When the uploader's code cannot be fetched (offline, a new release), say so in the dialog. */
class LoadFailure extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <p role="alert" className="rounded-md bg-red-50 p-4 text-red-800 text-sm">
        The uploader could not be loaded. Check your connection, reload the page and try again.
      </p>
    );
  }
}

export type { UploadResult } from './types.ts';
