import type { CustomerSubmission, SubmissionResult } from '@common/forms.ts';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '@/lib/api.ts';
import { showErrorAs } from '@/lib/error-toast.ts';
import { submissionErrorMessage } from './customer-form-fields.ts';

/** POST /api/form/:uniqueFormUrl. Changes nothing this visitor has cached, so no invalidation. */
export function useSubmitCustomerForm(uniqueFormUrl: string) {
  return useMutation({
    mutationFn: (body: CustomerSubmission) =>
      apiRequest<z.infer<typeof SubmissionResult>>(
        'POST',
        `/api/form/${encodeURIComponent(uniqueFormUrl)}`,
        body,
      ),
    onError: showErrorAs((error) => ({
      title: 'Submission Failed',
      description: submissionErrorMessage(error),
    })),
  });
}
