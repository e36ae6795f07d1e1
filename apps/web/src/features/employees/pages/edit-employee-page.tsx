import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { toast } from 'react-toastify';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import RestoreOutlined from '@mui/icons-material/RestoreOutlined';
import { ProblemTypes, SEPARATION_REASON_LABELS, type Employee } from '@hrpay/contracts';
import { useConfirm } from '@/components/confirm-dialog';
import { ConflictAlert, RecordLoadError, RecordLoading } from '@/components/edit-page';
import { FORM_MAX_WIDTH } from '@/components/form-fields';
import { PageHeader } from '@/components/page-header';
import { isProblem } from '@/lib/api-error';
import { errorDetail, handleError } from '@/lib/error-handler';
import { useReturnPath } from '@/lib/use-list-query';
import { useDeleteEmployee, useEmployee, useReinstateEmployee, useUpdateEmployee } from '../api/employees';
import { EmployeeForm } from '../components/employee-form';
import { EmployeeHistory } from '../components/employee-history';
import { employeeToFormValues } from '../components/employee-values';
import { SeparateDialog } from '../components/separate-dialog';
import { ROUTES } from '@/lib/paths';
import { formatIsoDate } from '@/lib/dates';

/** ": Moved abroad." after the reason, or just the full stop: remarks ran into the next sentence. */
const remarksSentence = (remarks: string | null | undefined) => {
  const text = remarks?.trim();
  return text ? `: ${text}${/[.!?]$/.test(text) ? '' : '.'}` : '.';
};

export const EMPLOYEE_CHANGED =
  'This employee was changed by someone else. Reload to see the latest version.';

/** /hr/employees/edit/:id: the 201 file, its separation, and its change history. */
export default function EditEmployeePage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const back = useReturnPath(ROUTES.hrEmployees);
  const employee = useEmployee(id);
  const confirm = useConfirm();
  const { mutateAsync: updateEmployee } = useUpdateEmployee();
  const { mutateAsync: deleteEmployee } = useDeleteEmployee();
  const { mutateAsync: reinstate } = useReinstateEmployee();
  const [stale, setStale] = useState(false);
  const [separating, setSeparating] = useState(false);

  if (employee.isPending) return <RecordLoading what="employee" />;
  if (employee.isError) {
    return (
      <RecordLoadError
        what="employee"
        error={employee.error}
        onRetry={() => void employee.refetch()}
        back={back}
        backLabel="Back to employees"
      />
    );
  }

  const data: Employee = employee.data;
  const reload = async () => {
    await employee.refetch();
    setStale(false);
  };

  const remove = async () => {
    const agreed = await confirm({
      title: 'Delete employee',
      message: `Delete the 201 file of ${data.FullName}? This cannot be undone. An employee who has left should be separated instead.`,
      confirmLabel: 'Delete',
      destructive: true,
    });
    if (!agreed) return;
    try {
      await deleteEmployee(data.EmployeeId);
      toast.success('Employee deleted');
      await navigate(back);
    } catch (error) {
      if (isProblem(error, ProblemTypes.stillReferenced) && data.Status === 'Active') {
        const separate = await confirm({
          title: 'Employee cannot be deleted',
          message: errorDetail(error) ?? `${data.FullName} has records on file.`,
          confirmLabel: 'Separate instead',
        });
        if (separate) setSeparating(true);
        return;
      }
      handleError(error, 'The employee could not be deleted.');
    }
  };

  const undoSeparation = async () => {
    const agreed = await confirm({
      title: 'Reinstate employee',
      message: `Undo the separation of ${data.FullName}? Use this only when the separation was recorded in error. A closed user account stays closed until an Admin enables it.`,
      confirmLabel: 'Reinstate',
    });
    if (!agreed) return;
    try {
      await reinstate({ id: data.EmployeeId, rowVersion: data.RowVersion });
      toast.success('Separation undone');
    } catch (error) {
      if (isProblem(error, ProblemTypes.staleRowVersion)) setStale(true);
      else handleError(error, 'The separation could not be undone.');
    }
  };

  return (
    // The header's actions (Separate, Delete) and the notes end where the form ends, not at the page's edge.
    <Box sx={{ maxWidth: FORM_MAX_WIDTH }}>
      <PageHeader
        subtitle={
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} component="span">
            <span>
              {data.FullName} · {data.EmployeeNumber}
            </span>
            {data.Status === 'Separated' && <Chip size="small" label="Separated" />}
          </Stack>
        }
        actions={
          <Stack direction="row" spacing={1}>
            {/* A separation on file, scheduled or taken effect, can be undone; only then a new one recorded. */}
            {data.SeparationDate === null ? (
              <Button variant="outlined" startIcon={<LogoutOutlined />} onClick={() => setSeparating(true)}>
                Separate employee
              </Button>
            ) : (
              <Button
                variant="outlined"
                startIcon={<RestoreOutlined />}
                onClick={() => void undoSeparation()}
              >
                Undo separation
              </Button>
            )}
            <Button color="error" startIcon={<DeleteOutlined />} onClick={() => void remove()}>
              Delete
            </Button>
          </Stack>
        }
      />
      {data.Status === 'Active' && data.SeparationDate && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {`Separation scheduled: the last day is ${formatIsoDate(data.SeparationDate)} (${SEPARATION_REASON_LABELS[data.SeparationReason!]})`}
          {remarksSentence(data.SeparationRemarks)} Until then the employee stays active, files requests, is
          paid and may sign in to the portal; after it they are left out of lists, pickers and new payroll
          periods.
        </Alert>
      )}
      {data.Status === 'Separated' && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {`Separated on ${formatIsoDate(data.SeparationDate!)} (${SEPARATION_REASON_LABELS[data.SeparationReason!]})`}
          {remarksSentence(data.SeparationRemarks)} The record stays on file; the employee is left out of
          lists, pickers and new payroll periods, and cannot sign in to the portal.
        </Alert>
      )}
      <EmployeeForm
        // A reload brings a new RowVersion: start the form over from the latest values.
        key={data.RowVersion}
        initialValues={employeeToFormValues(data)}
        editing={{
          employeeId: data.EmployeeId,
          supervisorName: data.SupervisorName,
          companyId: data.CompanyId,
        }}
        onCancel={() => void navigate(back)}
        onConflict={() => setStale(true)}
        notice={stale && <ConflictAlert onReload={() => void reload()}>{EMPLOYEE_CHANGED}</ConflictAlert>}
        onSubmit={async (request) => {
          await updateEmployee({ id, body: { ...request, RowVersion: data.RowVersion } });
          toast.success('Employee updated');
          await navigate(back);
        }}
      />
      <Box sx={{ mt: 3 }}>
        <EmployeeHistory employeeId={data.EmployeeId} />
      </Box>
      {separating && (
        <SeparateDialog
          employee={data}
          onClose={() => setSeparating(false)}
          onStale={() => {
            setSeparating(false);
            setStale(true);
          }}
        />
      )}
    </Box>
  );
}
