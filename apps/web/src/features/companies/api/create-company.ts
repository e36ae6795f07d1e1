import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Company, CreateCompanyRequest } from '@hrpay/contracts';
import { apiClient } from '@/lib/api-client';
import { companyKeys } from './company-keys';

/** 400 with `{Code: 'Tin'}` when another company of the tenant has the TIN. */
export const createCompany = (body: CreateCompanyRequest) =>
  apiClient.post<Company>('/api/v1/companies', body);

export const useCreateCompany = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCompany,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyKeys.all }),
  });
};
