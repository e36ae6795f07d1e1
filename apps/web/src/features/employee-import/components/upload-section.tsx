import { useEffect, useRef, useState, type DragEvent } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import { IMPORT_MAX_ROWS, type EmployeeImport } from '@hrpay/contracts';
import { isApiError } from '@/lib/api-error';
import { errorMessage } from '@/lib/error-handler';
import { useUploadImport } from '../api/upload-import';
import { checkImportFile, FILE_MESSAGES, formatFileSize, IMPORT_ACCEPT } from '../file-checks';
import { formatCount } from '../import-format';

export const UPLOAD_FAILED = 'The file could not be uploaded.';

interface Problem {
  severity: 'error' | 'warning';
  title: string;
  message: string;
}

/** The server's answer to a refused upload, as the page shows it (in place, not only as a toast). */
function uploadProblem(error: unknown): Problem {
  if (isApiError(error) && error.status === 409) {
    return {
      severity: 'warning',
      title: 'Another import is running',
      message: errorMessage(error, UPLOAD_FAILED),
    };
  }
  if (isApiError(error) && [400, 413, 415].includes(error.status)) {
    return {
      severity: 'error',
      title: 'This file cannot be imported',
      message: errorMessage(error, UPLOAD_FAILED),
    };
  }
  return { severity: 'error', title: UPLOAD_FAILED, message: errorMessage(error) };
}

/**
 * Step 2's drop zone: a file dropped or chosen is checked here first (type, emptiness, size) and then sent.
 * `onUploaded` gets the queued job.
 */
export function UploadDropZone({
  companyId,
  onUploaded,
}: {
  companyId: string;
  onUploaded: (job: EmployeeImport) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const upload = useUploadImport(companyId);
  const problemRef = useRef<HTMLDivElement>(null);
  // A refusal is shown above the zone; bring it into view when the zone sits low on the screen.
  useEffect(() => {
    if (problem) problemRef.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [problem]);
  const sending = upload.isPending ? upload.variables : null;

  const take = (files: FileList | null) => {
    if (!files || files.length === 0 || upload.isPending) return;
    if (files.length > 1) {
      setProblem({ severity: 'error', title: 'One file at a time', message: FILE_MESSAGES.several });
      return;
    }
    const file = files[0]!;
    const invalid = checkImportFile(file);
    if (invalid) {
      setProblem({ severity: 'error', title: 'This file cannot be imported', message: invalid });
      return;
    }
    setProblem(null);
    upload.mutate(file, {
      onSuccess: (job) => onUploaded(job),
      onError: (error) => setProblem(uploadProblem(error)),
    });
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    take(event.dataTransfer.files);
  };

  return (
    <Box>
      {problem && (
        <Alert severity={problem.severity} ref={problemRef} sx={{ mb: 2 }} onClose={() => setProblem(null)}>
          <AlertTitle>{problem.title}</AlertTitle>
          {problem.message}
        </Alert>
      )}
      <Box
        onDragOver={(event) => {
          event.preventDefault();
          if (!upload.isPending) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="import-drop-zone"
        sx={{
          border: 2,
          borderStyle: 'dashed',
          borderColor: dragging ? 'primary.main' : 'divider',
          bgcolor: dragging ? 'action.hover' : 'background.default',
          borderRadius: 2,
          p: { xs: 2.5, sm: 4 },
          textAlign: 'center',
          transition: 'border-color 120ms, background-color 120ms',
        }}
      >
        {sending ? (
          <Box role="status" sx={{ maxWidth: 420, mx: 'auto' }}>
            <Typography sx={{ fontWeight: 600, mb: 1, wordBreak: 'break-word' }}>
              Uploading {sending.name} ({formatFileSize(sending.size)})…
            </Typography>
            <LinearProgress aria-label={`Uploading ${sending.name}`} />
          </Box>
        ) : (
          <>
            <UploadFileOutlined color="primary" sx={{ fontSize: 40 }} aria-hidden />
            <Typography sx={{ fontWeight: 600, mt: 1 }}>Drag your .csv or .xlsx file here</Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              or
            </Typography>
            <Button variant="contained" onClick={() => input.current?.click()}>
              Choose file
            </Button>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
              Up to 50 MB and {formatCount(IMPORT_MAX_ROWS)} rows. Nothing is saved until you confirm the
              import.
            </Typography>
          </>
        )}
        <input
          ref={input}
          type="file"
          accept={IMPORT_ACCEPT}
          hidden
          aria-label="Employee file"
          data-testid="import-file-input"
          onChange={(event) => {
            take(event.target.files);
            // Choosing the same file again (after fixing it) must fire another change.
            event.target.value = '';
          }}
        />
      </Box>
    </Box>
  );
}
