import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EmployeeImport } from '@hrpay/contracts';
import { apiClient } from '@/lib/api-client';
import { importKeys } from './import-keys';

/** Drops a preview that will not be imported (Ready, Invalid or Failed); nothing was written. */
export const discardImport = (importId: string) =>
  apiClient.post<EmployeeImport>(`/api/v1/employee-imports/${encodeURIComponent(importId)}/discard`);

export const useDiscardImport = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: discardImport,
    onSuccess: (job) => {
      queryClient.setQueryData(importKeys.detail(job.ImportId), job);
      return queryClient.invalidateQueries({ queryKey: importKeys.ofCompany(job.CompanyId) });
    },
  });
};
