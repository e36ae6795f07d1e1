import { RecordLoadError } from '@/components/edit-page';
import { ROUTES } from '@/lib/paths';

/** A page about one company whose company could not be read (the edit and import pages). */
export function CompanyLoadError({
  error,
  onRetry,
  back = ROUTES.adminCompanies,
}: {
  error: unknown;
  onRetry: () => void;
  back?: string;
}) {
  return (
    <RecordLoadError
      what="company"
      error={error}
      onRetry={onRetry}
      back={back}
      backLabel="Back to companies"
    />
  );
}
