import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Company, UpdateCompanyRequest } from '@hrpay/contracts';
import { apiClient } from '@/lib/api-client';
import { companyKeys } from './company-keys';

/** 409 when `RowVersion` is stale (someone else saved first); 400 `{Code: 'Tin'}` on a duplicate TIN. */
export const updateCompany = (id: string, body: UpdateCompanyRequest) =>
  apiClient.put<Company>(`/api/v1/companies/${encodeURIComponent(id)}`, body);

export const useUpdateCompany = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateCompanyRequest }) => updateCompany(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyKeys.all }),
  });
};
