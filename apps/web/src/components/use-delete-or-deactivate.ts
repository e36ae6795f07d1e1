import { useCallback } from 'react';
import { ProblemTypes } from '@hrpay/contracts';
import { useConfirm } from '@/components/confirm-dialog';
import { isProblem } from '@/lib/api-error';
import { errorDetail, handleError } from '@/lib/error-handler';
// Not the toast library itself: every list page loads this with its first paint (issue 11).
import { showToast } from '@/lib/toast-host';

export interface DeleteOrDeactivate {
  /** What the record is, in lower case: "department", "leave type". */
  noun: string;
  /** Its name as the user knows it. */
  name: string;
  isActive: boolean;
  remove: () => Promise<unknown>;
  deactivate: () => Promise<unknown>;
  /** Other wording than "Department deleted", "Department deactivated", "Department cannot be deleted". */
  messages?: { deleted?: string; deactivated?: string; inUseTitle?: string };
  /**
   * Why the record is in use, when the page already knows ("Production has 7 employees."): an active record is
   * then offered "Deactivate instead" at once, not a Delete confirmation the server is sure to refuse.
   */
  inUse?: string | null;
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Delete with confirmation. While other records still refer to it the server answers 409 `still-referenced`
 * with the reason, and an active record is offered "Deactivate instead" (a second confirmation).
 */
export function useDeleteOrDeactivate(): (record: DeleteOrDeactivate) => Promise<void> {
  const confirm = useConfirm();
  return useCallback(
    async ({ noun, name, isActive, remove, deactivate, messages = {}, inUse }: DeleteOrDeactivate) => {
      const offerDeactivate = (why: string) =>
        confirm({
          title: messages.inUseTitle ?? `${capitalized(noun)} cannot be deleted`,
          message: why,
          confirmLabel: 'Deactivate instead',
        });
      const deactivateNow = async () => {
        try {
          await deactivate();
          void showToast('success', messages.deactivated ?? `${capitalized(noun)} deactivated`);
        } catch (error) {
          handleError(error, `The ${noun} could not be deactivated.`);
        }
      };
      if (inUse && isActive) {
        if (await offerDeactivate(`${inUse} Deactivate it instead: it stays on their records.`)) {
          await deactivateNow();
        }
        return;
      }
      const agreed = await confirm({
        title: `Delete ${noun}`,
        message: `Delete ${name}? This cannot be undone.`,
        confirmLabel: 'Delete',
        destructive: true,
      });
      if (!agreed) return;
      try {
        await remove();
        void showToast('success', messages.deleted ?? `${capitalized(noun)} deleted`);
      } catch (error) {
        if (!isProblem(error, ProblemTypes.stillReferenced) || !isActive) {
          handleError(error, `The ${noun} could not be deleted.`);
        } else if (await offerDeactivate(errorDetail(error) ?? `${name} is still in use.`)) {
          await deactivateNow();
        }
      }
    },
    [confirm],
  );
}

/**
 * A list page's Delete for one row: delete, or deactivate instead while in use (above). `remove` and `save` are
 * the resource's delete and update calls; deactivating saves the row back (a GET body can be PUT) with
 * IsActive false. `idKey` and `messages` are read per call, so the returned function changes only with the calls.
 */
export function useDeleteRow<R extends { Name: string; IsActive: boolean }>(
  noun: string,
  idKey: keyof R & string,
  remove: (id: string) => Promise<unknown>,
  save: (change: { id: string; body: R }) => Promise<unknown>,
  messages?: (name: string) => DeleteOrDeactivate['messages'],
  inUse?: (row: R) => string | null,
): (row: R) => Promise<void> {
  const deleteOrDeactivate = useDeleteOrDeactivate();
  return useCallback(
    (row: R) => {
      const id = String(row[idKey]);
      return deleteOrDeactivate({
        noun,
        name: row.Name,
        isActive: row.IsActive,
        remove: () => remove(id),
        deactivate: () => save({ id, body: { ...row, IsActive: false } }),
        messages: messages?.(row.Name),
        inUse: inUse?.(row),
      });
    },
    [deleteOrDeactivate, noun, idKey, remove, save, messages, inUse],
  );
}
