import Button from '@mui/material/Button';
import SaveOutlined from '@mui/icons-material/SaveOutlined';
import { toast } from 'react-toastify';
import { ProblemTypes } from '@hrpay/contracts';
import { useConfirm } from '@/components/confirm-dialog';
import { isProblem } from '@/lib/api-error';
import { formatIsoDate } from '@/lib/dates';
import { handleError, validationMessages } from '@/lib/error-handler';
import { useStoreAttendance } from '../api/timelogs';

const plural = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-PH')} ${n === 1 ? one : many}`;

/**
 * Stores the shown range's attendance for payroll (decision 0008): a payroll run reads only the stored days, so
 * without this a cut-off is paid on no attendance. `rangeError` is the range's own check (the server's message:
 * at most 31 days, the end not before the start); a range that fails it is refused before any request.
 */
export function StoreAttendanceButton({
  dateFrom,
  dateTo,
  rangeError,
}: {
  dateFrom: string;
  dateTo: string;
  rangeError: string | null;
}) {
  const confirm = useConfirm();
  const { mutateAsync: store, isPending } = useStoreAttendance();

  const run = async () => {
    if (rangeError) {
      toast.error(rangeError);
      return;
    }
    const range = `${formatIsoDate(dateFrom)} – ${formatIsoDate(dateTo)}`;
    const ok = await confirm({
      title: 'Store attendance for payroll?',
      message: (
        <>
          <p style={{ marginTop: 0 }}>
            Payroll computes pay from the stored attendance days, not from the punches shown here. This stores
            the days of <strong>{range}</strong> for every active employee of the company (the filters do not
            apply).
          </p>
          <p style={{ marginBottom: 0 }}>
            Days stored before for these dates are replaced with what the current punches, schedules and
            approved requests give. A day whose shift has not ended yet is left out, and the days a finalised
            payroll period paid stay as they are. A payroll period already computed needs to be computed again
            to use them.
          </p>
        </>
      ),
      confirmLabel: 'Store',
    });
    if (!ok) return;
    try {
      const r = await store({ DateFrom: dateFrom, DateTo: dateTo });
      const anomalies = r.Anomalies
        ? `; ${plural(r.Anomalies, 'day has', 'days have')} an anomaly to check`
        : '; no anomalies';
      const notOver = r.DaysNotOver
        ? ` ${plural(r.DaysNotOver, 'day was', 'days were')} left out because the shift had not ended yet: store again once it has.`
        : '';
      const finalised = r.DaysFinalised
        ? ` ${plural(r.DaysFinalised, 'day', 'days')} of the finalised ${r.FinalisedPeriods.map((n) => `"${n}"`).join(', ')} ${r.DaysFinalised === 1 ? 'was' : 'were'} kept as stored: a finalised period cannot change.`
        : '';
      toast.success(
        `Attendance stored for payroll, ${formatIsoDate(r.DateFrom)} – ${formatIsoDate(r.DateTo)}: ${plural(r.Employees, 'employee', 'employees')}, ${plural(r.Days, 'day', 'days')}${anomalies}.${notOver}${finalised}`,
      );
    } catch (error) {
      // A day of a finalised payroll period cannot change (409): the server names the period.
      if (isProblem(error, ProblemTypes.periodFinalised)) {
        toast.error(`Nothing was stored: ${error.detail ?? 'a finalised payroll period cannot change.'}`);
        return;
      }
      const messages = validationMessages(error);
      if (messages.length) toast.error(messages.join(' '));
      else handleError(error, 'The attendance could not be stored.');
    }
  };

  return (
    <Button
      variant="contained"
      startIcon={<SaveOutlined />}
      onClick={() => void run()}
      loading={isPending}
      loadingPosition="start"
      aria-busy={isPending}
      sx={{
        height: 40,
        alignSelf: 'flex-start',
        whiteSpace: 'nowrap',
        flex: 'none',
        width: { xs: '100%', sm: 'auto' },
      }}
    >
      Store for payroll
    </Button>
  );
}
