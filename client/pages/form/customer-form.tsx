import { PRODUCT_NAME } from '@common/constants.ts';
import { CUSTOMER_TURNAROUND, CUSTOMER_TURNAROUND_HEADING } from '@common/turnaround.ts';
import { Clock, FileText, MessageSquare } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Field, FieldError, nativeControlClass } from '@/components/field.tsx';
import { Button } from '@/components/ui/button.tsx';
import { ContactFields } from './contact-fields.tsx';
import {
  checkCustomerForm,
  FIELD_ORDER,
  type FormValues,
  newSubmissionKey,
} from './customer-form-fields.ts';
import { FormSection } from './form-section.tsx';
import { useFieldErrors } from './use-field-errors.ts';
import { useSubmitCustomerForm } from './use-submit-customer-form.ts';
import { UtilityAccountFields } from './utility-account-fields.tsx';

function readValues(form: HTMLFormElement): FormValues {
  const data = new FormData(form);
  const text = (name: string) => String(data.get(name) ?? '');
  return {
    name: text('name'),
    email: text('email'),
    phone: text('phone'),
    address: text('address'),
    providerId: text('providerId'),
    username: text('username'),
    password: text('password'),
    notes: text('notes'),
    consent: data.get('consent') === 'on',
  };
}

/** The customer's submission to `ownerName`'s link; `onSubmitted` once the server has it. */
export function CustomerForm({
  uniqueFormUrl,
  ownerName,
  onSubmitted,
}: {
  uniqueFormUrl: string;
  ownerName: string;
  onSubmitted: (customerName: string, codeToken: string) => void;
}) {
  const { errors, setErrors, control } = useFieldErrors();
  // One key per filled-in form: a double click or a retry after a lost answer makes one row.
  const [submissionKey] = useState(newSubmissionKey);
  const submit = useSubmitCustomerForm(uniqueFormUrl);
  const busy = submit.isPending;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    const checked = checkCustomerForm(readValues(form), submissionKey);
    if (!checked.ok) {
      setErrors(checked.errors);
      const first = FIELD_ORDER.find((field) => checked.errors[field]);
      if (first) (form.elements.namedItem(first) as HTMLElement | null)?.focus();
      return;
    }
    setErrors({});
    const { body } = checked;
    submit.mutate(body, { onSuccess: (result) => onSubmitted(body.name, result.codeToken) });
  }

  const consent = control('consent');
  return (
    <form
      onSubmit={handleSubmit}
      aria-label="Customer connection form"
      aria-busy={busy}
      className="grid grid-cols-1 gap-8"
    >
      <ContactFields control={control} errors={errors} disabled={busy} />
      <UtilityAccountFields control={control} errors={errors} disabled={busy} />
      <FormSection icon={MessageSquare} title="Additional Notes">
        <Field htmlFor={control('notes').id} label="Notes" optional error={errors.notes}>
          <textarea
            {...control('notes')}
            rows={3}
            maxLength={2000}
            disabled={busy}
            placeholder="Several meters, a second account, anything we should know"
            className={`${nativeControlClass} min-h-20 py-2`}
          />
        </Field>
      </FormSection>
      <aside className="flex gap-3 rounded-lg border border-blue-200 bg-blue-50 p-4 text-blue-900">
        <Clock className="size-5 shrink-0" aria-hidden="true" />
        <div className="text-sm">
          <h2 className="flex items-center gap-2 font-semibold">
            {CUSTOMER_TURNAROUND_HEADING}
            <FileText className="size-4" aria-hidden="true" />
          </h2>
          <p className="mt-1">
            Once you submit, your statements and interval data are retrieved {CUSTOMER_TURNAROUND}{' '}
            and {ownerName} receives them as a PDF report.
          </p>
        </div>
      </aside>
      <div className="grid grid-cols-1 gap-2">
        <div className="flex items-start gap-3">
          <input
            {...consent}
            type="checkbox"
            required
            disabled={busy}
            className="mt-0.5 size-5 shrink-0 cursor-pointer accent-blue-600"
          />
          <label htmlFor={consent.id} className="cursor-pointer text-slate-800 text-sm">
            I authorize {ownerName} and {PRODUCT_NAME} to access my utility account to retrieve my
            bills and interval data.
          </label>
        </div>
        <FieldError id={`${consent.id}-error`} message={errors.consent} />
      </div>
      <Button
        type="submit"
        size="lg"
        disabled={busy}
        className="w-full sm:w-auto sm:justify-self-start"
      >
        {busy ? 'Submitting...' : 'Submit'}
      </Button>
    </form>
  );
}
