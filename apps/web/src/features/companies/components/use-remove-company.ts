import { useCallback } from 'react';
import type { Company } from '@hrpay/contracts';
import { useDeleteOrDeactivate } from '@/components/use-delete-or-deactivate';
import { useDeleteCompany } from '../api/delete-company';
import { useUpdateCompany } from '../api/update-company';
import { companyToUpdateRequest } from './company-fields';

/**
 * Delete with confirmation. While employees or users still belong to the company the server answers 409 with
 * the reason; an active company is then offered "Deactivate instead" (a second confirmation).
 */
export function useRemoveCompany(): (company: Company) => Promise<void> {
  const deleteOrDeactivate = useDeleteOrDeactivate();
  const { mutateAsync: deleteCompany } = useDeleteCompany();
  const { mutateAsync: updateCompany } = useUpdateCompany();

  return useCallback(
    (company: Company) =>
      deleteOrDeactivate({
        noun: 'company',
        name: company.Name,
        isActive: company.IsActive,
        remove: () => deleteCompany(company.CompanyId),
        deactivate: () =>
          updateCompany({
            id: company.CompanyId,
            body: companyToUpdateRequest(company, { IsActive: false }),
          }),
      }),
    [deleteOrDeactivate, deleteCompany, updateCompany],
  );
}
