import type { FormOwner } from '@common/forms.ts';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';

/** GET /api/form-owner/:uniqueFormUrl: whose link this is (404 "Form not found" otherwise). */
export function useFormOwner(uniqueFormUrl: string) {
  return useQuery<z.infer<typeof FormOwner>>({
    queryKey: ['/api/form-owner', encodeURIComponent(uniqueFormUrl)],
  });
}
