import type { BusinessProfile, BusinessProfileBody } from '@common/business.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, apiUpload } from '@/lib/api.ts';

/** GET /api/user/business: the company name, reply-to address and logo customers see. */
const BUSINESS_QUERY_KEY = ['/api/user/business'] as const;

export function useBusinessProfile() {
  return useQuery<BusinessProfile>({ queryKey: BUSINESS_QUERY_KEY });
}

/** Every change answers with the whole profile: it replaces the cached one. */
function useBusinessChange<T>(mutationFn: (input: T) => Promise<BusinessProfile>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (profile) => queryClient.setQueryData(BUSINESS_QUERY_KEY, profile),
  });
}

/** PUT /api/user/business: an empty field clears it. */
export function useUpdateBusiness() {
  return useBusinessChange((body: BusinessProfileBody) =>
    apiRequest<BusinessProfile>('PUT', '/api/user/business', body),
  );
}

/** PUT /api/user/business/logo: the file's own bytes; a refusal says why in plain words. */
export function useUploadLogo() {
  return useBusinessChange((file: File) =>
    apiUpload<BusinessProfile>('PUT', '/api/user/business/logo', file),
  );
}

/** DELETE /api/user/business/logo */
export function useRemoveLogo() {
  return useBusinessChange(() => apiRequest<BusinessProfile>('DELETE', '/api/user/business/logo'));
}
