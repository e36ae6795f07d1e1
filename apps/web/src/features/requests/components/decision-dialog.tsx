import { useRef, useState } from 'react';
import { toast } from 'react-toastify';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ProblemTypes, ValidationMessages, type TimeRequest } from '@hrpay/contracts';
import { isProblem } from '@/lib/api-error';
import { errorDetail, handleError } from '@/lib/error-handler';
import { useDecideRequest, useRequest, type Decision } from '../api/requests';
import { describeWhen, formatDays, KIND, useClockFormat } from '../kinds';

const VERB: Record<Decision, { title: string; button: string; done: string }> = {
  approve: { title: 'Approve', button: 'Approve', done: 'approved' },
  reject: { title: 'Reject', button: 'Reject', done: 'rejected' },
  cancel: { title: 'Cancel', button: 'Cancel request', done: 'cancelled' },
};

/** Approve, reject (remarks required) or cancel one request, with remarks for the other party. */
export function DecisionDialog({
  request,
  action,
  onClose,
  onDone,
}: {
  request: TimeRequest;
  action: Decision;
  onClose: () => void;
  onDone?: (saved: TimeRequest) => void;
}) {
  const [remarks, setRemarks] = useState('');
  const { clock } = useClockFormat();
  const [missing, setMissing] = useState(false);
  const remarksField = useRef<HTMLTextAreaElement | null>(null);
  const { mutateAsync: decide, isPending } = useDecideRequest(request.Kind);
  const verb = VERB[action];
  // What approving a leave draws on: the list's rows carry no balance (only one request read by its reviewer
  // does), so HR deciding from the list had approved blind and learnt of a short balance from a refusal.
  const withBalance = request.Kind === 'Leave' && action !== 'cancel' && request.CanReview;
  const one = useRequest(request.Kind, request.RequestId, withBalance && !request.LeaveBalance);
  const balance = withBalance ? (request.LeaveBalance ?? one.data?.LeaveBalance) : null;

  const send = async () => {
    if (action === 'reject' && !remarks.trim()) {
      setMissing(true);
      // As every form does with its first invalid field: the error (its description) is read with the field.
      remarksField.current?.focus();
      return;
    }
    try {
      const saved = await decide({
        id: request.RequestId,
        action,
        body: { RowVersion: request.RowVersion, Remarks: remarks.trim() || null },
      });
      toast.success(`${KIND[request.Kind].short} request ${verb.done}`);
      onDone?.(saved);
      onClose();
    } catch (error) {
      if (isProblem(error, ProblemTypes.insufficientBalance)) {
        toast.error(errorDetail(error));
        return;
      }
      if (
        isProblem(error, ProblemTypes.staleRowVersion) ||
        isProblem(error, ProblemTypes.invalidState) ||
        isProblem(error, ProblemTypes.concurrentChange)
      ) {
        toast.warning(`${errorDetail(error)} The list now shows its current state.`);
        onClose();
        return;
      }
      handleError(error, `The request could not be ${verb.done}.`);
    }
  };

  return (
    <Dialog
      open
      onClose={isPending ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="decision-title"
    >
      <DialogTitle id="decision-title">
        {verb.title} {KIND[request.Kind].noun}
      </DialogTitle>
      <DialogContent>
        <Box sx={{ mb: 2 }}>
          <Typography variant="subtitle1">{request.EmployeeName}</Typography>
          <Typography variant="body2" color="text.secondary">
            {request.LeaveTypeName ? `${request.LeaveTypeName} · ` : ''}
            {describeWhen(request, clock)}
          </Typography>
          <Typography variant="body2" sx={{ mt: 1, whiteSpace: 'pre-line' }}>
            Reason: {request.Reason}
          </Typography>
          {balance && (
            <Typography variant="body2" sx={{ mt: 1 }}>
              Employee&apos;s balance: {formatDays(balance.Balance)}, of which pending requests hold{' '}
              {formatDays(balance.Pending)} (this one included)
            </Typography>
          )}
        </Box>
        <TextField
          label={action === 'reject' ? 'Remarks (required)' : 'Remarks (optional)'}
          value={remarks}
          onChange={(event) => {
            setRemarks(event.target.value);
            setMissing(false);
          }}
          multiline
          minRows={2}
          fullWidth
          autoFocus
          inputRef={remarksField}
          error={missing}
          helperText={
            missing
              ? ValidationMessages.required
              : action === 'cancel'
                ? 'Kept with the request, for the employee, the approver and HR to read.'
                : 'The employee sees these remarks.'
          }
          slotProps={{ htmlInput: { maxLength: 500 } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isPending}>
          Back
        </Button>
        <Button
          variant="contained"
          color={action === 'approve' ? 'primary' : 'error'}
          onClick={() => void send()}
          disabled={isPending}
          startIcon={isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {verb.button}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
