import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EmployeeImport } from '@hrpay/contracts';
import { apiClient } from '@/lib/api-client';
import { importKeys } from './import-keys';

/**
 * 202 with the queued job. 409 while another import of the company is at work; 400, 413 and 415 with a clear
 * `detail` for a file the server cannot take. A newer upload discards a pending (Ready or Invalid) one.
 */
export const uploadImport = (companyId: string, file: File) =>
  apiClient.upload<EmployeeImport>(
    `/api/v1/companies/${encodeURIComponent(companyId)}/employee-imports`,
    file,
  );

export const useUploadImport = (companyId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: importKeys.upload(companyId),
    mutationFn: (file: File) => uploadImport(companyId, file),
    onSuccess: (job) => {
      queryClient.setQueryData(importKeys.detail(job.ImportId), job);
      return queryClient.invalidateQueries({ queryKey: importKeys.ofCompany(companyId) });
    },
  });
};
