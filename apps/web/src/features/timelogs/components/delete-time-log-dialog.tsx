import { useState } from 'react';
import { toast } from 'react-toastify';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { ProblemTypes, TimeLogReason, ValidationMessages, type TimeLog } from '@hrpay/contracts';
import { isProblem } from '@/lib/api-error';
import { handleError } from '@/lib/error-handler';
import { useDeleteTimeLog } from '../api/timelogs';
import { useClockFormat } from '@/lib/dates';
import { shortDateTime } from './labels';

/**
 * Asks why a punch goes and deletes it (the reason is kept in the audit trail). The dialog is the confirmation: a
 * second "cannot be undone" question on top of it asked the same thing twice (HR walkthrough).
 */
export function DeleteTimeLogDialog({ punch, onClose }: { punch: TimeLog; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { mutateAsync: remove, isPending } = useDeleteTimeLog();
  const { clock } = useClockFormat();
  const what = `the ${punch.Direction === 'Unknown' ? '' : `${punch.Direction.toLowerCase()} `}punch of ${punch.EmployeeName} at ${shortDateTime(punch.PunchedAt, clock)}`;

  const submit = async () => {
    const checked = TimeLogReason.safeParse(reason);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? ValidationMessages.required);
      return;
    }
    try {
      await remove({ id: punch.TimeLogId, body: { Reason: checked.data, RowVersion: punch.RowVersion } });
      toast.success('Punch deleted');
      onClose();
    } catch (failure) {
      if (isProblem(failure, ProblemTypes.staleRowVersion)) {
        toast.warning('This punch was changed by someone else; the list now shows the latest version.');
        onClose();
        return;
      }
      handleError(failure, 'The punch could not be deleted.');
    }
  };

  return (
    <Dialog
      open
      onClose={isPending ? undefined : onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby="delete-punch-title"
    >
      <DialogTitle id="delete-punch-title">Delete Punch</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 1 }}>
          Why should {what} be deleted? This cannot be undone.
        </DialogContentText>
        <TextField
          autoFocus
          required
          multiline
          minRows={2}
          label="Reason"
          value={reason}
          onChange={(event) => {
            setReason(event.target.value);
            setError(null);
          }}
          error={!!error}
          helperText={error ?? 'Kept in the audit trail'}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isPending}>
          Cancel
        </Button>
        <Button color="error" variant="contained" onClick={() => void submit()} disabled={isPending}>
          Delete
        </Button>
      </DialogActions>
    </Dialog>
  );
}
