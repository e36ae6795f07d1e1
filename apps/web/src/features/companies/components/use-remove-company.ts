import { useCallback } from 'react';
import { toast } from 'react-toastify';
import type { Company } from '@hrpay/contracts';
import { useConfirm } from '@/components/confirm-dialog';
import { isApiError } from '@/lib/api-error';
import { errorDetail, handleError } from '@/lib/error-handler';
import { useDeleteCompany } from '../api/delete-company';
import { useUpdateCompany } from '../api/update-company';
import { companyToUpdateRequest } from './company-values';

/**
 * Delete with confirmation. While employees or users still belong to the company the server answers 409 with
 * the reason; an active company is then offered "Deactivate instead" (a second confirmation).
 */
export function useRemoveCompany(): (company: Company) => Promise<void> {
  const confirm = useConfirm();
  const { mutateAsync: deleteCompany } = useDeleteCompany();
  const { mutateAsync: updateCompany } = useUpdateCompany();

  return useCallback(
    async (company: Company) => {
      const agreed = await confirm({
        title: 'Delete company',
        message: `Delete ${company.Name}? This cannot be undone.`,
        destructive: true,
      });
      if (!agreed) return;
      try {
        await deleteCompany(company.CompanyId);
        toast.success('Company deleted');
        return;
      } catch (error) {
        if (!isApiError(error) || error.status !== 409 || !company.IsActive) {
          handleError(error, 'The company could not be deleted.');
          return;
        }
        const deactivate = await confirm({
          title: 'Company cannot be deleted',
          message: errorDetail(error) ?? `${company.Name} is still in use.`,
          confirmLabel: 'Deactivate instead',
        });
        if (!deactivate) return;
      }
      try {
        await updateCompany({
          id: company.CompanyId,
          body: companyToUpdateRequest(company, { IsActive: false }),
        });
        toast.success('Company deactivated');
      } catch (error) {
        handleError(error, 'The company could not be deactivated.');
      }
    },
    [confirm, deleteCompany, updateCompany],
  );
}
