import { useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { PageHeader } from '@/components/page-header';
import { useReturnPath } from '@/lib/use-list-query';
import { useCreateEmployee } from '../api/employees';
import { EmployeeForm } from '../components/employee-form';
import { emptyEmployeeValues } from '../components/employee-values';
import { ROUTES } from '@/lib/paths';

/** /hr/employees/add */
export default function AddEmployeePage() {
  const navigate = useNavigate();
  const back = useReturnPath(ROUTES.hrEmployees);
  const { mutateAsync: createEmployee } = useCreateEmployee();
  return (
    <>
      <PageHeader subtitle="Open a 201 file: who the employee is, how to reach them, and their employment." />
      <EmployeeForm
        initialValues={emptyEmployeeValues}
        saveLabel="Add Employee"
        onCancel={() => void navigate(back)}
        onSubmit={async (request) => {
          const created = await createEmployee(request);
          toast.success(`${created.FullName} added`);
          await navigate(back);
        }}
      />
    </>
  );
}
