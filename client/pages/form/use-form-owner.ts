import type { FormOwner } from '@common/forms.ts';
import { useQuery } from '@tanstack/react-query';

/**
 * GET /api/form-owner/:uniqueFormUrl: whose link this is, by their company name and logo or in
 * neutral words (404 "Form not found" otherwise).
 */
export function useFormOwner(uniqueFormUrl: string) {
  return useQuery<FormOwner>({
    queryKey: ['/api/form-owner', encodeURIComponent(uniqueFormUrl)],
  });
}
