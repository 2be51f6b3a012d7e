import type { CustomerSubmission, SubmissionResult } from '@common/forms.ts';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { toast } from '@/components/ui/use-toast.ts';
import { apiRequest } from '@/lib/api.ts';
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
    onError: (error) =>
      toast({
        title: 'Submission Failed',
        description: submissionErrorMessage(error),
        variant: 'destructive',
      }),
  });
}
