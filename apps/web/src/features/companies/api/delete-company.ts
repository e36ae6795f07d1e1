import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { companyKeys } from './company-keys';

/** 409 with a readable detail while employees or users still belong to the company. */
export const deleteCompany = (id: string) =>
  apiClient.delete<{ Message: string }>(`/api/v1/companies/${encodeURIComponent(id)}`);

export const useDeleteCompany = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCompany,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyKeys.all }),
  });
};
