import { z } from 'zod';
import {
  CivilStatus,
  EmployeeFields,
  EmploymentType,
  Gender,
  refineEmployee,
  type CreateEmployeeRequest,
  type Employee,
} from '@hrpay/contracts';
import { optionalSelect } from '@/lib/validators';

const optionalId = optionalSelect(z.uuid());

/**
 * The form validates with the API's own field rules (same messages on both sides); selects hold '' for "none",
 * the employment status '' until chosen.
 */
export const employeeFormSchema = z
  .strictObject({
    ...EmployeeFields,
    DepartmentId: optionalId,
    PositionId: optionalId,
    WorkLocationId: optionalId,
    ShiftId: optionalId,
    EmploymentStatusId: z.string().min(1, 'This field is required'),
    Gender: optionalSelect(Gender),
    CivilStatus: optionalSelect(CivilStatus),
    EmploymentType: optionalSelect(EmploymentType),
  })
  .superRefine((e, ctx) => refineEmployee(e, ctx));
export type EmployeeFormValues = z.input<typeof employeeFormSchema>;
export type EmployeeFormOutput = z.output<typeof employeeFormSchema>;

/** The form's sections, in order, with the fields each holds (a failed save opens the first with an error). */
export const EMPLOYEE_SECTIONS = [
  {
    id: 'personal',
    title: 'Personal',
    fields: [
      'EmployeeNumber',
      'LastName',
      'FirstName',
      'MiddleName',
      'Suffix',
      'Nickname',
      'BirthDate',
      'BirthPlace',
      'Gender',
      'CivilStatus',
      'Nationality',
      'Religion',
    ],
  },
  {
    id: 'contact',
    title: 'Contact',
    fields: [
      'Email',
      'MobileNumber',
      'PresentAddress',
      'PermanentAddress',
      'EmergencyContactName',
      'EmergencyContactRelationship',
      'EmergencyContactPhone',
    ],
  },
  { id: 'ids', title: 'Government IDs', fields: ['TIN', 'SSSNumber', 'PhilHealthNumber', 'PagIbigNumber'] },
  {
    id: 'employment',
    title: 'Employment',
    fields: [
      'DepartmentId',
      'PositionId',
      'EmploymentStatusId',
      'EmploymentType',
      'HireDate',
      'RegularizationDate',
      'SupervisorId',
      'WorkLocationId',
    ],
  },
  {
    id: 'schedule',
    title: 'Schedule',
    fields: ['ShiftId', 'RestDays', 'ScheduleEffectiveDate', 'DeviceUserId'],
  },
] as const satisfies readonly { id: string; title: string; fields: readonly (keyof EmployeeFormValues)[] }[];

export const EMPLOYEE_FORM_FIELDS = EMPLOYEE_SECTIONS.flatMap((s) => s.fields);

export const GENDER_OPTIONS = [
  { value: '', label: 'Not set' },
  { value: 'Female', label: 'Female' },
  { value: 'Male', label: 'Male' },
];
export const CIVIL_STATUS_OPTIONS = [
  { value: '', label: 'Not set' },
  ...(['Single', 'Married', 'Widowed', 'Separated', 'Annulled'] satisfies z.infer<typeof CivilStatus>[]).map(
    (v) => ({
      value: v,
      label: v,
    }),
  ),
];
export const EMPLOYMENT_TYPE_LABELS = { FullTime: 'Full-time', PartTime: 'Part-time' } as const;
export const EMPLOYMENT_TYPE_OPTIONS = [
  { value: '', label: 'Not set' },
  ...Object.entries(EMPLOYMENT_TYPE_LABELS).map(([value, label]) => ({ value, label })),
];
export const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

const TEXT_FIELDS = [
  'MiddleName',
  'Suffix',
  'Nickname',
  'BirthDate',
  'BirthPlace',
  'Nationality',
  'Religion',
  'Email',
  'MobileNumber',
  'PresentAddress',
  'PermanentAddress',
  'EmergencyContactName',
  'EmergencyContactRelationship',
  'EmergencyContactPhone',
  'TIN',
  'SSSNumber',
  'PhilHealthNumber',
  'PagIbigNumber',
  'RegularizationDate',
  'DeviceUserId',
] as const;

export const emptyEmployeeValues: EmployeeFormValues = {
  EmployeeNumber: '',
  LastName: '',
  FirstName: '',
  EmploymentStatusId: '',
  HireDate: '',
  Gender: '',
  CivilStatus: '',
  EmploymentType: 'FullTime',
  DepartmentId: '',
  PositionId: '',
  WorkLocationId: '',
  ShiftId: '',
  SupervisorId: null,
  RestDays: null,
  ScheduleEffectiveDate: '',
  Nationality: 'Filipino',
  ...Object.fromEntries(TEXT_FIELDS.filter((f) => f !== 'Nationality').map((f) => [f, ''])),
};

export function employeeToFormValues(e: Employee): EmployeeFormValues {
  const values: EmployeeFormValues = {
    ...emptyEmployeeValues,
    EmployeeNumber: e.EmployeeNumber,
    LastName: e.LastName,
    FirstName: e.FirstName,
    EmploymentStatusId: e.EmploymentStatusId ?? '',
    HireDate: e.HireDate ?? '',
    Gender: e.Gender ?? '',
    CivilStatus: e.CivilStatus ?? '',
    EmploymentType: e.EmploymentType ?? '',
    DepartmentId: e.DepartmentId ?? '',
    PositionId: e.PositionId ?? '',
    WorkLocationId: e.WorkLocationId ?? '',
    ShiftId: e.ShiftId ?? '',
    SupervisorId: e.SupervisorId,
    RestDays: e.RestDays,
    ScheduleEffectiveDate: '',
  };
  for (const f of TEXT_FIELDS) values[f] = e[f] ?? '';
  return values;
}

/** The request body: empty inputs as null. */
export function toEmployeeRequest(v: EmployeeFormOutput): CreateEmployeeRequest {
  const request: CreateEmployeeRequest = {
    EmployeeNumber: v.EmployeeNumber,
    LastName: v.LastName,
    FirstName: v.FirstName,
    EmploymentStatusId: v.EmploymentStatusId,
    HireDate: v.HireDate,
    Gender: v.Gender || null,
    CivilStatus: v.CivilStatus || null,
    EmploymentType: v.EmploymentType || null,
    DepartmentId: v.DepartmentId || null,
    PositionId: v.PositionId || null,
    WorkLocationId: v.WorkLocationId || null,
    ShiftId: v.ShiftId || null,
    SupervisorId: v.SupervisorId || null,
    RestDays: v.RestDays ?? null,
    ScheduleEffectiveDate: v.ScheduleEffectiveDate || null,
  };
  for (const f of TEXT_FIELDS) request[f] = v[f] || null;
  return request;
}
