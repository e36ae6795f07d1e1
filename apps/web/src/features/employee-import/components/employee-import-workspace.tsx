import { useCallback, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useIsMutating, useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import type { EmployeeImport, ImportStatus } from '@hrpay/contracts';
import { useConfirm } from '@/components/confirm-dialog';
import { isApiError } from '@/lib/api-error';
import { errorMessage, handleError } from '@/lib/error-handler';
import { useCommitImport } from '../api/commit-import';
import { useDiscardImport } from '../api/discard-import';
import { isWorking, useImport } from '../api/get-import';
import { importKeys } from '../api/import-keys';
import { useCompanyImports } from '../api/list-company-imports';
import { formatFileSize } from '../file-checks';
import { commitToastMessage, endSentence, formatCount, useClockFormat } from '../import-format';
import { ImportReview } from './import-review';
import { ImportStatusChip } from '@/components/import-status-chip';
import { RecentImports } from './recent-imports';
import { StepCard } from './step-card';
import { TemplateSection } from './template-section';
import { UploadDropZone } from './upload-section';

/** The address-bar key of the import on show, so a reload or a shared link returns to it. */
export const IMPORT_PARAM = 'import';

/** Statuses after which a new file may be uploaded straight away. */
const OPEN_FOR_UPLOAD: readonly ImportStatus[] = ['Invalid', 'Failed', 'Discarded', 'NothingToImport'];

/**
 * The import of employee records into one company: template, upload, live progress, preview, commit, and the
 * company's recent imports. The page around it owns the company (name, not found, access).
 */
export function EmployeeImportWorkspace({
  companyId,
  companyName,
  onCommitted,
}: {
  companyId: string;
  companyName: string;
  /** After an import was seen to finish here (the page refreshes what depends on employee counts). */
  onCommitted?: () => void;
}) {
  const [params, setParams] = useSearchParams();
  const currentId = params.get(IMPORT_PARAM);
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const recent = useCompanyImports(companyId);
  const current = useImport(currentId);
  const commit = useCommitImport();
  const discard = useDiscardImport();
  const reviewRef = useRef<HTMLDivElement>(null);
  const uploadRef = useRef<HTMLDivElement>(null);

  // An import of another company (a pasted link) is treated as not found here.
  const job = current.data && current.data.CompanyId === companyId ? current.data : undefined;
  const notFound =
    currentId !== null &&
    ((current.isError && isApiError(current.error) && [400, 404].includes(current.error.status)) ||
      (current.data !== undefined && job === undefined));

  // Set once the page has decided what to show first: the user's own choice always wins over resuming.
  const resumed = useRef(false);
  const show = useCallback(
    (importId: string | null) => {
      resumed.current = true;
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          if (importId) next.set(IMPORT_PARAM, importId);
          else next.delete(IMPORT_PARAM);
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  // On arrival without a chosen import, pick up one still at work or waiting for confirmation.
  useEffect(() => {
    if (resumed.current || !recent.data) return;
    resumed.current = true;
    const latest = recent.data[0];
    if (currentId === null && latest && (isWorking(latest.Status) || latest.Status === 'Ready'))
      show(latest.ImportId);
  }, [recent.data, currentId, show]);

  // Status changes seen on this page: refresh the recent list; a commit seen to finish gets its toast.
  const seen = useRef<{ id: string; status: ImportStatus } | null>(null);
  useEffect(() => {
    if (!job) return;
    const before = seen.current?.id === job.ImportId ? seen.current.status : undefined;
    seen.current = { id: job.ImportId, status: job.Status };
    if (before === undefined || before === job.Status) return;
    void queryClient.invalidateQueries({ queryKey: importKeys.ofCompany(companyId) });
    if (job.Status === 'Committed') {
      toast.success(commitToastMessage(job.CreateCount, job.UpdateCount));
      onCommitted?.();
    }
  }, [job, companyId, queryClient, onCommitted]);

  // A new upload brings the review step into view once it is on the page (it sits below the fold).
  const scrollToReview = useRef<string | null>(null);
  useEffect(() => {
    if (currentId === null || scrollToReview.current !== currentId) return;
    scrollToReview.current = null;
    reviewRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  }, [currentId]);

  const onUploaded = (uploaded: EmployeeImport) => {
    scrollToReview.current = uploaded.ImportId;
    show(uploaded.ImportId);
  };

  const onUploadAgain = () => {
    uploadRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
    uploadRef.current?.querySelector<HTMLInputElement>('input[type=file]')?.click();
  };

  const onCommit = async () => {
    if (!job) return;
    const confirmed = await confirm({
      title: 'Import employee records?',
      message: `This creates ${formatCount(job.CreateCount)} and updates ${formatCount(job.UpdateCount)} employees of ${endSentence(companyName)}`,
      confirmLabel: 'Import',
    });
    if (!confirmed) return;
    commit.mutate(job.ImportId, {
      onError: (error) => {
        handleError(error, 'The import could not be started.');
        void current.refetch();
      },
    });
  };

  const onDiscard = () => {
    if (!job) return;
    discard.mutate(job.ImportId, {
      onSuccess: () => toast.info('Upload discarded. Nothing was imported.'),
      onError: (error) => handleError(error, 'The upload could not be discarded.'),
    });
  };

  // The drop zone waits for that first decision (so a resumed preview cannot replace a file being sent), and
  // stays while a file is on its way whatever import is on show.
  const uploading = useIsMutating({ mutationKey: importKeys.upload(companyId) }) > 0;
  const decided = currentId !== null || recent.data !== undefined || recent.isError;
  const uploadOpen = uploading || !job || OPEN_FOR_UPLOAD.includes(job.Status);

  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <TemplateSection companyId={companyId} />

      <div ref={uploadRef}>
        <StepCard
          step={2}
          title="Upload your file"
          done={!uploadOpen}
          description={
            job?.Status === 'Invalid'
              ? 'Upload the corrected file; it replaces the one with errors.'
              : 'A .csv or .xlsx file laid out like the template. The file is checked first; you confirm before anything is saved.'
          }
        >
          {!decided ? (
            <Skeleton variant="rounded" height={200} aria-label="Loading" />
          ) : uploadOpen ? (
            <UploadDropZone companyId={companyId} onUploaded={onUploaded} />
          ) : (
            <UploadedFile job={job} />
          )}
        </StepCard>
      </div>

      {currentId !== null && (
        <div ref={reviewRef}>
          <StepCard step={3} title="Check and import" done={job?.Status === 'Committed'}>
            {notFound ? (
              <Alert
                severity="warning"
                action={
                  <Button color="inherit" size="small" onClick={() => show(null)}>
                    Close
                  </Button>
                }
              >
                That import was not found for {companyName}.
              </Alert>
            ) : current.isError ? (
              <Alert
                severity="error"
                action={
                  <Button color="inherit" size="small" onClick={() => void current.refetch()}>
                    Retry
                  </Button>
                }
              >
                {errorMessage(current.error, 'The import could not be loaded.')}
              </Alert>
            ) : job ? (
              <ImportReview
                job={job}
                onCommit={() => void onCommit()}
                onDiscard={onDiscard}
                onStartOver={() => show(null)}
                onUploadAgain={onUploadAgain}
                committing={commit.isPending}
                discarding={discard.isPending}
              />
            ) : (
              <Skeleton variant="rounded" height={96} aria-label="Loading the import" />
            )}
          </StepCard>
        </div>
      )}

      <Box component="section" aria-labelledby="recent-imports-heading">
        <Typography variant="h6" component="h2" id="recent-imports-heading" sx={{ mb: 1.5 }}>
          Recent imports
        </Typography>
        <RecentImports companyId={companyId} currentId={currentId} live={job} onOpen={show} />
      </Box>
    </Box>
  );
}

/** Step 2 once a file is in: which file, and how to move on. */
function UploadedFile({ job }: { job: EmployeeImport }) {
  const { dateTime } = useClockFormat();
  const hint =
    job.Status === 'Ready'
      ? 'To use a different file, discard this one first.'
      : job.Status === 'Committed'
        ? null
        : 'Wait until the server has finished with this file.';
  return (
    <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
      <InsertDriveFileOutlined color="action" aria-hidden />
      <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600, wordBreak: 'break-word' }}>{job.FileName}</Typography>
        <Typography variant="body2" color="text.secondary">
          {formatFileSize(job.FileSize)} · uploaded {dateTime(job.CreatedAt)}
          {job.UploadedBy && ` by ${job.UploadedBy}`}
        </Typography>
        {hint && (
          <Typography variant="body2" color="text.secondary">
            {hint}
          </Typography>
        )}
      </Box>
      <ImportStatusChip status={job.Status} />
    </Box>
  );
}
