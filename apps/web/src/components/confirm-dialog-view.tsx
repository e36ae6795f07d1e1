import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { CONFIRM_DIALOG_MAX_WIDTH, type Pending } from './confirm-dialog';

/** The confirmation dialog itself, loaded by ConfirmProvider on first use. */
export default function ConfirmDialogView({
  pending,
  settle,
}: {
  pending: Pending | null;
  settle: (confirmed: boolean) => void;
}) {
  const destructive = !!pending?.destructive;
  const onCancel = destructive || !!pending?.irreversible;
  return (
    <Dialog
      open={pending !== null}
      onClose={() => settle(false)}
      fullWidth
      maxWidth={false}
      aria-labelledby="confirm-dialog-title"
      aria-describedby="confirm-dialog-message"
      slotProps={{ paper: { sx: { maxWidth: CONFIRM_DIALOG_MAX_WIDTH } } }}
    >
      <DialogTitle id="confirm-dialog-title">{pending?.title}</DialogTitle>
      <DialogContent>
        <DialogContentText id="confirm-dialog-message" component="div">
          {pending?.message}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        {/* A destructive or irreversible action (delete, finalise, mark paid) opens on Cancel (WAI-ARIA APG alert
            dialog): two Enters in a row must not confirm what cannot be undone. */}
        <Button onClick={() => settle(false)} autoFocus={onCancel}>
          {pending?.cancelLabel ?? 'Cancel'}
        </Button>
        <Button
          onClick={() => settle(true)}
          variant="contained"
          color={destructive ? 'error' : 'primary'}
          autoFocus={!onCancel}
        >
          {pending?.confirmLabel ?? 'OK'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
