import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify';
import { z } from 'zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import {
  calendarDate,
  FINAL_PAY_RELEASE_DAYS,
  finalPayDueDate,
  formatDateRange,
  formatIsoDate,
  PAYROLL_PERIOD_KINDS,
  refuseLateThirteenthMonth,
  type PayrollPeriodProposal,
  ProblemTypes,
  ValidationMessages as M,
} from '@hrpay/contracts';
import { EmployeePicker } from '@/components/employee-picker';
import {
  applyServerErrors,
  FormActions,
  FormErrorsAlert,
  SelectInput,
  TextInput,
} from '@/components/form-fields';
import { fetchClosedPeriods } from '@/lib/closed-periods';
import { addDays, manilaToday } from '@/lib/dates';
import { fieldMessage, isApiError, isProblem } from '@/lib/api-error';
import { errorDetail } from '@/lib/error-message';
import { handleError } from '@/lib/error-handler';
import type { EmployeeMatch } from '@/lib/employee-search';
import { periodKeys, useCreatePeriod, useProposal } from '../api/payroll-periods';
import { KIND_LABEL } from './period-status-chip';

const formSchema = z
  .object({
    Kind: z.enum(PAYROLL_PERIOD_KINDS),
    Name: z.string().trim().min(1, M.required).max(100, M.maxLength(100)),
    // As every date field of the app: an empty box (it shows mm/dd/yyyy) is required, not told an ISO format.
    CutoffStart: calendarDate,
    CutoffEnd: calendarDate,
    PayDate: calendarDate,
    ReferencesPeriodId: z.string(),
  })
  .refine((v) => v.CutoffEnd >= v.CutoffStart, {
    path: ['CutoffEnd'],
    message: 'The cut-off cannot end before it starts',
  })
  .refine((v) => v.PayDate >= v.CutoffStart, {
    path: ['PayDate'],
    message: 'The pay date cannot be before the cut-off starts',
  })
  .superRefine(refuseLateThirteenthMonth)
  .refine((v) => v.Kind !== 'Adjustment' || v.ReferencesPeriodId !== '', {
    path: ['ReferencesPeriodId'],
    message: M.required,
  });
type Values = z.infer<typeof formSchema>;
const FIELDS = ['Kind', 'Name', 'CutoffStart', 'CutoffEnd', 'PayDate', 'ReferencesPeriodId'] as const;
const year = new Date().getFullYear();

/** Suggested dates and name for the kinds the company's calendar does not propose. */
function defaultsFor(kind: Values['Kind']): Partial<Values> {
  if (kind === 'ThirteenthMonth')
    return {
      Name: `13th month pay ${year}`,
      CutoffStart: `${year}-01-01`,
      CutoffEnd: `${year}-12-31`,
      PayDate: `${year}-12-15`,
    };
  // A final pay's are filled in from the employees chosen (finalPayDefaults); an adjustment's from the proposal
  // once it arrives. Neither keeps the previous kind's values.
  return { Name: '', CutoffStart: '', CutoffEnd: '', PayDate: '' };
}

/** An employee a final pay is for; the separation date is known for those the proposal lists as due. */
type Leaver = Pick<EmployeeMatch, 'EmployeeId' | 'EmployeeNumber' | 'FullName'> & { SeparationDate?: string };

/**
 * A final pay's cut-off: from the day after the last regular cut-off (the days the regular payroll has not paid)
 * to the latest separation; when the regular payroll has already paid up to the separation, one day after it (the
 * final pay then pays the 13th month, unused SIL and loans, no salary). Paid today, or on the cut-off's end.
 */
function finalPayDefaults(leavers: Leaver[], lastRegularEnd: string | null): Partial<Values> {
  const dates = leavers.flatMap((l) => (l.SeparationDate ? [l.SeparationDate] : [])).sort();
  const latest = dates.at(-1);
  if (!latest) return {};
  const start = lastRegularEnd ? addDays(lastRegularEnd, 1) : `${latest.slice(0, 8)}01`;
  const end = latest >= start ? latest : start;
  const today = manilaToday();
  return {
    Name:
      leavers.length === 1 ? `Final pay ${leavers[0]!.FullName}` : `Final pay ${leavers.length} employees`,
    CutoffStart: start,
    CutoffEnd: end,
    PayDate: today > end ? today : end,
  };
}

const leaverLabel = (l: Leaver) =>
  `${l.FullName} (${l.EmployeeNumber})` +
  (l.SeparationDate ? `, left ${formatIsoDate(l.SeparationDate)}` : '');

/** "Add Payroll Period": a regular one proposed from the company's pay frequency, or a 13th month, final pay, adjustment. */
export function CreatePeriodDialog({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const proposal = useProposal(true);
  // What an adjustment may correct: a finalised or paid period (most are paid by then), the newest 100 of each.
  const closed = useQuery({
    queryKey: [...periodKeys.lists(), 'closed-options'],
    queryFn: ({ signal }) => fetchClosedPeriods({ PageSize: 100 }, signal),
  });
  const { mutateAsync: create } = useCreatePeriod();
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const [employees, setEmployees] = useState<Leaver[]>([]);
  const [employeeError, setEmployeeError] = useState('');
  const {
    control,
    handleSubmit,
    setError,
    reset,
    getValues,
    formState: { isSubmitting },
  } = useForm<Values>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      Kind: 'Regular',
      Name: '',
      CutoffStart: '',
      CutoffEnd: '',
      PayDate: '',
      ReferencesPeriodId: '',
    },
  });
  const kind = useWatch({ control, name: 'Kind' });
  const cutoffStart = useWatch({ control, name: 'CutoffStart' });
  const payDate = useWatch({ control, name: 'PayDate' });
  // Days skipped between the last regular period and this one's cut-off (a cut-off before it is a backfill).
  const lastEnd = proposal.data?.LastRegularCutoffEnd;
  const gap =
    kind === 'Regular' &&
    lastEnd &&
    /^\d{4}-\d{2}-\d{2}$/.test(cutoffStart) &&
    cutoffStart > addDays(lastEnd, 1)
      ? { from: addDays(lastEnd, 1), to: addDays(cutoffStart, -1) }
      : null;

  // A regular period takes the proposal's dates (when it arrives), an adjustment too under its own name; other
  // kinds their usual ones. Editable.
  useEffect(() => {
    const values = getValues();
    const p = proposal.data;
    const d =
      kind === 'Regular' && p
        ? p
        : kind === 'Adjustment' && p
          ? {
              CutoffStart: p.CutoffStart,
              CutoffEnd: p.CutoffEnd,
              PayDate: p.PayDate,
              Name: `Adjustment ${p.Name}`,
            }
          : defaultsFor(kind);
    reset({ ...values, Kind: kind, ...d });
  }, [kind, proposal.data, reset, getValues]);

  // A final pay's name and dates follow the employees chosen (still editable after).
  const chooseLeavers = (next: Leaver[]) => {
    setEmployees(next);
    setEmployeeError('');
    reset({ ...getValues(), ...finalPayDefaults(next, lastEnd ?? null) });
  };
  const due: PayrollPeriodProposal['FinalPayDue'] = proposal.data?.FinalPayDue ?? [];
  // Those found with the picker rather than ticked in the list of the due, shown as chips.
  const others = employees.filter((e) => !due.some((d) => d.EmployeeId === e.EmployeeId));
  // The earliest deadline among the chosen, when the pay date passes it.
  const overdue =
    kind === 'FinalPay' && /^\d{4}-\d{2}-\d{2}$/.test(payDate)
      ? employees
          .flatMap((e) => (e.SeparationDate ? [finalPayDueDate(e.SeparationDate)] : []))
          .sort()
          .find((deadline) => payDate > deadline)
      : undefined;

  const submit = handleSubmit(async (values) => {
    setFormErrors([]);
    setEmployeeError('');
    if (values.Kind === 'FinalPay' && employees.length === 0) {
      // A required list: at least one employee (spec §5).
      setEmployeeError(M.required);
      return;
    }
    try {
      const period = await create({
        Kind: values.Kind,
        Name: values.Name,
        CutoffStart: values.CutoffStart,
        CutoffEnd: values.CutoffEnd,
        PayDate: values.PayDate,
        ...(values.Kind === 'FinalPay' ? { EmployeeIds: employees.map((e) => e.EmployeeId) } : {}),
        ...(values.Kind === 'Adjustment' ? { ReferencesPeriodId: values.ReferencesPeriodId } : {}),
      });
      toast.success(`Payroll period ${period.Name} created`);
      onClose();
      void navigate(`/payroll/payroll-periods/${period.Id}`);
    } catch (error) {
      // The employees' refusals ("employee DM-0004 is not separated") under the employee box, without the code.
      const onEmployees = isApiError(error)
        ? error.validationErrors.filter((e) => e.Code === 'EmployeeIds')
        : [];
      if (onEmployees.length) setEmployeeError(onEmployees.map((e) => fieldMessage(e)).join(' '));
      if (isProblem(error, ProblemTypes.overlap)) {
        // Said in the dialog, by the dates it is about (a toast over the dialog's title was easy to miss).
        setError(
          'CutoffStart',
          { type: 'server', message: 'Overlaps another period' },
          { shouldFocus: true },
        );
        setError('CutoffEnd', { type: 'server', message: 'Overlaps another period' });
        setFormErrors([errorDetail(error) ?? 'The cut-off overlaps another period.']);
        return;
      }
      setFormErrors(
        applyServerErrors(error, FIELDS, setError).filter(
          (message) => !onEmployees.some((e) => e.Description === message),
        ),
      );
      if (!isApiError(error) || error.validationErrors.length === 0)
        handleError(error, 'The payroll period could not be created.');
    }
  });

  const field = { control, disabled: isSubmitting };
  return (
    <Dialog
      open
      onClose={isSubmitting ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="new-period-title"
    >
      <DialogTitle id="new-period-title">Add Payroll Period</DialogTitle>
      <DialogContent>
        <Box component="form" noValidate onSubmit={submit} aria-label="Payroll period">
          <FormErrorsAlert messages={formErrors} />
          <SelectInput
            {...field}
            name="Kind"
            label="Kind"
            options={PAYROLL_PERIOD_KINDS.map((k) => ({ value: k, label: KIND_LABEL[k] ?? k }))}
          />
          {kind === 'Regular' && proposal.data && (
            <Alert severity="info" sx={{ mb: 2 }}>
              Proposed from the company&apos;s{' '}
              {proposal.data.Frequency === 'SemiMonthly'
                ? 'semi-monthly'
                : proposal.data.Frequency.toLowerCase()}{' '}
              pay frequency,{' '}
              {proposal.data.LastRegularCutoffEnd
                ? `after the last regular period (cut-off to ${formatIsoDate(proposal.data.LastRegularCutoffEnd)}).`
                : 'for the cut-off of today (the company has no regular period yet).'}
            </Alert>
          )}
          {gap && (
            <Alert severity="warning" sx={{ mb: 2 }}>
              No regular period covers {formatDateRange(gap.from, gap.to)}: those days would go unpaid, and
              the month&apos;s remittance reports wait for them. Start this cut-off on{' '}
              {formatIsoDate(gap.from)}, or create the period for those days first.
            </Alert>
          )}
          {kind === 'FinalPay' && (
            <Box sx={{ mb: 2 }} role="group" aria-labelledby="final-pay-employees">
              <Typography id="final-pay-employees" variant="subtitle2" sx={{ mb: 0.5 }}>
                Separated employees without a final pay
              </Typography>
              {due.length === 0 ? (
                <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                  {proposal.isPending
                    ? 'Loading…'
                    : 'None: every separated employee has a final pay period. HR records a separation on the employee’s record.'}
                </Typography>
              ) : (
                <FormGroup sx={{ mb: 1 }}>
                  {due.map((d) => (
                    <FormControlLabel
                      key={d.EmployeeId}
                      control={
                        <Checkbox
                          size="small"
                          checked={employees.some((e) => e.EmployeeId === d.EmployeeId)}
                          disabled={isSubmitting}
                          onChange={(_e, checked) =>
                            chooseLeavers(
                              checked
                                ? [...employees, d]
                                : employees.filter((e) => e.EmployeeId !== d.EmployeeId),
                            )
                          }
                        />
                      }
                      label={leaverLabel(d)}
                    />
                  ))}
                </FormGroup>
              )}
              <EmployeePicker
                companyId="own"
                value={null}
                onChange={(e) => {
                  if (e && !employees.some((x) => x.EmployeeId === e.EmployeeId))
                    chooseLeavers([...employees, e]);
                }}
                label="Or find another employee"
                error={employeeError}
                helperText="Last salary, pro-rated 13th month, unused SIL and convertible leave in cash, loans settled"
                disabled={isSubmitting}
              />
              {others.length > 0 && (
                <Box
                  sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}
                  aria-label="Other employees in this final pay"
                >
                  {others.map((e) => (
                    <Chip
                      key={e.EmployeeId}
                      label={leaverLabel(e)}
                      onDelete={() => chooseLeavers(employees.filter((x) => x.EmployeeId !== e.EmployeeId))}
                    />
                  ))}
                </Box>
              )}
            </Box>
          )}
          <TextInput {...field} name="Name" label="Name" required />
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' } }}>
            <TextInput {...field} name="CutoffStart" label="Cut-off from" type="date" required />
            <TextInput {...field} name="CutoffEnd" label="Cut-off to" type="date" required />
            <TextInput {...field} name="PayDate" label="Pay date" type="date" required />
          </Box>
          {overdue && (
            <Alert severity="warning" sx={{ mb: 2 }}>
              The final pay is due by {formatIsoDate(overdue)}, within {FINAL_PAY_RELEASE_DAYS} days of the
              separation (DOLE Labor Advisory 06-2020).
            </Alert>
          )}
          {kind === 'Adjustment' && (
            <SelectInput
              {...field}
              name="ReferencesPeriodId"
              label="Corrects period"
              options={[
                {
                  value: '',
                  label: closed.data?.length ? 'Choose a finalised period' : 'No finalised period yet',
                },
                ...(closed.data ?? []).map((p) => ({
                  value: p.Id,
                  label: `${p.Name}${p.Status === 'Paid' ? ' (paid)' : ''}`,
                })),
              ]}
            />
          )}
          <FormActions busy={isSubmitting} onCancel={onClose} saveLabel="Create" />
        </Box>
      </DialogContent>
    </Dialog>
  );
}
