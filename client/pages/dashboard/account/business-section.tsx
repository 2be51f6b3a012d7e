import {
  BUSINESS_LOGO_MAX_BYTES,
  BUSINESS_LOGO_MAX_KB,
  BUSINESS_LOGO_TYPES,
  type BusinessProfile,
  COMPANY_NAME_MAX,
  UNNAMED_PROFESSIONAL,
} from '@common/business.ts';
import { Building2, ImageUp, Trash2 } from 'lucide-react';
import { type ChangeEvent, type FormEvent, useId, useRef, useState } from 'react';
import { BusyButton } from '@/components/busy-button.tsx';
import { TextField } from '@/components/field.tsx';
import { FormProblem, FormSubmit } from '@/components/form-dialog-parts.tsx';
import { QueryView } from '@/components/query-states.tsx';
import { TitledCard } from '@/components/titled-card.tsx';
import { CardContent } from '@/components/ui/card.tsx';
import { toast } from '@/components/ui/use-toast.ts';
import {
  useBusinessProfile,
  useRemoveLogo,
  useUpdateBusiness,
  useUploadLogo,
} from './business-queries.ts';

/** Company name and reply-to address: both optional, an empty field clears it. */
function BusinessDetailsForm({ profile }: { profile: BusinessProfile }) {
  const id = useId();
  const [companyName, setCompanyName] = useState(profile.companyName ?? '');
  const [replyToEmail, setReplyToEmail] = useState(profile.replyToEmail ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const save = useUpdateBusiness();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setProblem(null);
    save.mutate(
      { companyName, replyToEmail },
      {
        onSuccess: (saved) => {
          setCompanyName(saved.companyName ?? '');
          setReplyToEmail(saved.replyToEmail ?? '');
          toast({
            title: 'Business Details Saved',
            description: `Your customers now see ${saved.companyName ?? UNNAMED_PROFESSIONAL}.`,
          });
        },
        onError: (error) => setProblem(error.message),
      },
    );
  }

  return (
    <form
      noValidate
      onSubmit={submit}
      className="grid content-start gap-4"
      aria-label="Business details"
    >
      <h3 className="font-semibold text-slate-900">Business Details</h3>
      <TextField
        id={`${id}-company`}
        label="Company name"
        optional
        maxLength={COMPANY_NAME_MAX}
        autoComplete="organization"
        value={companyName}
        onChange={(event) => setCompanyName(event.target.value)}
        hint={`Shown to your customers instead of your username. Empty: they read “${UNNAMED_PROFESSIONAL}”.`}
      />
      <TextField
        id={`${id}-reply-to`}
        label="Reply-to email"
        optional
        type="email"
        maxLength={254}
        autoComplete="email"
        value={replyToEmail}
        onChange={(event) => setReplyToEmail(event.target.value)}
        hint="When a customer answers one of our emails to them, the reply goes here."
      />
      <FormSubmit
        problem={problem}
        className="justify-self-start"
        busy={save.isPending}
        busyLabel="Saving..."
      >
        Save Business Details
      </FormSubmit>
    </form>
  );
}

/** The logo: shown as customers see it, replaced by choosing a file, or removed. */
function LogoForm({ profile }: { profile: BusinessProfile }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useUploadLogo();
  const remove = useRemoveLogo();
  const onError = (error: Error) => setProblem(error.message);

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    setProblem(null);
    if (!file) return;
    if (file.size > BUSINESS_LOGO_MAX_BYTES) {
      setProblem(`The logo must be at most ${BUSINESS_LOGO_MAX_KB} KB.`);
      return;
    }
    upload.mutate(file, {
      onSuccess: () => toast({ title: 'Logo Saved', description: 'Your customers now see it.' }),
      onError,
    });
  }

  return (
    <div className="grid content-start gap-4">
      <h3 className="font-semibold text-slate-900">Logo</h3>
      <div className="flex h-24 items-center justify-center rounded-lg border border-slate-300 border-dashed bg-slate-50 p-3">
        {profile.logoUrl ? (
          // Through <img> only: an SVG shown this way runs no script and loads nothing.
          <img
            src={profile.logoUrl}
            alt="Your logo"
            className="max-h-full max-w-full object-contain"
          />
        ) : (
          <p className="text-slate-500 text-sm">No logo yet</p>
        )}
      </div>
      <p id={`${id}-hint`} className="text-slate-500 text-xs">
        PNG, JPEG or SVG, at most {BUSINESS_LOGO_MAX_KB} KB. Shown on your customer form and on the
        cover of your reports.
      </p>
      <input
        ref={input}
        id={`${id}-file`}
        type="file"
        accept={BUSINESS_LOGO_TYPES.join(',')}
        aria-label="Logo file"
        aria-describedby={`${id}-hint`}
        className="sr-only"
        onChange={choose}
      />
      <FormProblem problem={problem} />
      <div className="flex flex-wrap gap-2">
        <BusyButton
          type="button"
          variant="outline"
          busy={upload.isPending}
          busyLabel="Uploading..."
          icon={<ImageUp aria-hidden="true" />}
          onClick={() => input.current?.click()}
        >
          {profile.logoUrl ? 'Replace Logo' : 'Upload Logo'}
        </BusyButton>
        {profile.logoUrl && (
          <BusyButton
            type="button"
            variant="ghost"
            busy={remove.isPending}
            busyLabel="Removing..."
            icon={<Trash2 aria-hidden="true" />}
            onClick={() => {
              setProblem(null);
              remove.mutate(undefined, { onError });
            }}
          >
            Remove Logo
          </BusyButton>
        )}
      </div>
    </div>
  );
}

/** Account & API tab: the business identity customers see instead of the username. */
export function BusinessSection() {
  const profile = useBusinessProfile();
  return (
    <TitledCard
      id="business-heading"
      icon={Building2}
      title="Your Business"
      description="What your customers see: on your customer form, in our emails to them, and on your report covers."
    >
      <CardContent>
        <QueryView
          query={profile}
          loading="Loading business details..."
          failed="Business details could not be loaded"
        >
          {(data) => (
            <div className="grid gap-8 md:grid-cols-2">
              <BusinessDetailsForm profile={data} />
              <LogoForm profile={data} />
            </div>
          )}
        </QueryView>
      </CardContent>
    </TitledCard>
  );
}
