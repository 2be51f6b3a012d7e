import { MAX_LOGO_BYTES } from '@common/constants.ts';
import { LOGO_TYPES } from '@common/uploads.ts';
import { Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { UploadButton, type UploadResult } from '@/components/upload-button/upload-button.tsx';
import { useSaveProviderImage } from './use-providers.ts';

const LOGO_NOTE = 'PNG or JPG, up to 2 MB';

/**
 * The logo: upload one image, see it, remove it before saving. The uploaded
 * file becomes a public path through PUT /api/provider-images; the form saves that path.
 */
export function ProviderLogoField({
  name,
  value,
  onChange,
  disabled,
}: {
  name: string;
  value: string | null;
  onChange: (imageUrl: string | null) => void;
  disabled?: boolean;
}) {
  const saveImage = useSaveProviderImage();

  function uploaded({ successful }: UploadResult) {
    const file = successful[0];
    if (!file) return;
    saveImage.mutate(file.uploadURL, { onSuccess: ({ objectPath }) => onChange(objectPath) });
  }

  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 font-medium text-slate-800 text-sm leading-none">Logo</legend>
      {value ? (
        <div className="flex items-center gap-4">
          <img
            src={value}
            alt={`${name.trim() || 'Provider'} logo preview`}
            className="size-16 rounded-lg border border-slate-200 bg-white object-contain p-1"
          />
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={disabled}
            onClick={() => onChange(null)}
          >
            <Trash2 aria-hidden="true" />
            Remove Logo
          </Button>
        </div>
      ) : (
        <div className="flex flex-wrap items-center gap-3">
          <UploadButton
            purpose="logo"
            maxNumberOfFiles={1}
            maxFileSize={MAX_LOGO_BYTES}
            allowedFileTypes={[...LOGO_TYPES]}
            note={LOGO_NOTE}
            dialogTitle="Upload Logo"
            onComplete={uploaded}
            buttonProps={{ size: 'sm', disabled: disabled || saveImage.isPending }}
          >
            Upload Logo
          </UploadButton>
          {saveImage.isPending ? <Spinner label="Saving image..." className="size-4" /> : null}
        </div>
      )}
      <p className="text-slate-500 text-xs">{LOGO_NOTE}.</p>
    </fieldset>
  );
}
