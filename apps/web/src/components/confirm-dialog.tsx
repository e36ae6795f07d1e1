import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useRef,
  useState,
  type ReactNode,
} from 'react';

const ConfirmDialogView = lazy(() => import('./confirm-dialog-view'));

export interface ConfirmOptions {
  title: string;
  message: ReactNode;
  /** Defaults to OK. */
  confirmLabel?: string;
  /** Defaults to Cancel. */
  cancelLabel?: string;
  /** Paints the confirm button as destructive (delete, finalise); the dialog opens on Cancel. */
  destructive?: boolean;
  /** Opens on Cancel without painting the confirm button red: a step that cannot be undone (mark paid). */
  irreversible?: boolean;
}

type Confirm = (options: ConfirmOptions) => Promise<boolean>;

const ConfirmContext = createContext<Confirm | null>(null);

/** Width limit of spec §9 for the confirmation dialog. */
export const CONFIRM_DIALOG_MAX_WIDTH = 400;

export interface Pending extends ConfirmOptions {
  resolve: (confirmed: boolean) => void;
}

/**
 * The root shell's one confirmation dialog (spec §2): modal, 400 px wide at most, title, message, confirm and
 * cancel labels (OK / Cancel by default); it yields true on confirm and false on cancel or dismissal. A second
 * request while one is open cancels the first.
 */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [pending, setPending] = useState<Pending | null>(null);
  const [used, setUsed] = useState(false);
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
        setUsed(true);
        setPending(next);
      }),
    [],
  );

  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      {/* The dialog's code (MUI Dialog, Modal, focus trap) loads on first use: the sign-in pages never ask. */}
      {used && (
        <Suspense fallback={null}>
          <ConfirmDialogView pending={pending} settle={settle} />
        </Suspense>
      )}
    </ConfirmContext.Provider>
  );
}

/** `if (await confirm({ title: 'Delete shift', message: '...' })) ...` */
export function useConfirm(): Confirm {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error('useConfirm must be used inside <ConfirmProvider>');
  return confirm;
}
