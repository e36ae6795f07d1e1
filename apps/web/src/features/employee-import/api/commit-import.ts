import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EmployeeImport } from '@hrpay/contracts';
import { apiClient } from '@/lib/api-client';
import { importKeys } from './import-keys';

/**
 * Confirms a Ready preview: 202 with the job in Committing. The import id is the idempotency key, so a double
 * click or a retried request never commits twice.
 */
export const commitImport = (importId: string) =>
  apiClient.post<EmployeeImport>(
    `/api/v1/employee-imports/${encodeURIComponent(importId)}/commit`,
    undefined,
    {
      headers: { 'Idempotency-Key': importId },
    },
  );

export const useCommitImport = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: commitImport,
    onSuccess: (job) => {
      queryClient.setQueryData(importKeys.detail(job.ImportId), job);
      return queryClient.invalidateQueries({ queryKey: importKeys.ofCompany(job.CompanyId) });
    },
  });
};
