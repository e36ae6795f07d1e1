import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

export interface ConfirmOptions {
  title: string;
  message: ReactNode;
  /** Defaults to OK. */
  confirmLabel?: string;
  /** Defaults to Cancel. */
  cancelLabel?: string;
  /** Paints the confirm button as destructive (delete, finalise). */
  destructive?: boolean;
}

type Confirm = (options: ConfirmOptions) => Promise<boolean>;

const ConfirmContext = createContext<Confirm | null>(null);

/** Width limit of spec §9 for the confirmation dialog. */
export const CONFIRM_DIALOG_MAX_WIDTH = 400;

interface Pending extends ConfirmOptions {
  resolve: (confirmed: boolean) => void;
}

/**
 * The root shell's one confirmation dialog (spec §2): modal, 400 px wide at most, title, message, confirm and
 * cancel labels (OK / Cancel by default); it yields true on confirm and false on cancel or dismissal. A second
 * request while one is open cancels the first.
 */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [pending, setPending] = useState<Pending | null>(null);
  const pendingRef = useRef<Pending | null>(null);

  const settle = useCallback((confirmed: boolean) => {
    pendingRef.current?.resolve(confirmed);
    pendingRef.current = null;
    setPending(null);
  }, []);

  const confirm = useCallback<Confirm>(
    (options) =>
      new Promise<boolean>((resolve) => {
        pendingRef.current?.resolve(false);
        const next = { ...options, resolve };
        pendingRef.current = next;
        setPending(next);
      }),
    [],
  );

  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
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
          <Button onClick={() => settle(false)}>{pending?.cancelLabel ?? 'Cancel'}</Button>
          <Button
            onClick={() => settle(true)}
            variant="contained"
            color={pending?.destructive ? 'error' : 'primary'}
            autoFocus
          >
            {pending?.confirmLabel ?? 'OK'}
          </Button>
        </DialogActions>
      </Dialog>
    </ConfirmContext.Provider>
  );
}

/** `if (await confirm({ title: 'Delete shift', message: '...' })) ...` */
export function useConfirm(): Confirm {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error('useConfirm must be used inside <ConfirmProvider>');
  return confirm;
}
