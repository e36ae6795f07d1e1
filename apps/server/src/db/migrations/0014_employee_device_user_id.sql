-- The employee's terminal user id (issue 9 §1, set on the 201 form) is part of its audit image too.
CREATE OR REPLACE FUNCTION employee_audit_image(e employees) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT jsonb_strip_nulls(jsonb_build_object(
    'EmployeeId', e.id, 'CompanyId', e.company_id, 'EmployeeNumber', e.employee_number,
    'LastName', e.last_name, 'FirstName', e.first_name, 'MiddleName', e.middle_name, 'Suffix', e.suffix,
    'Nickname', e.nickname,
    'FullName', concat_ws(' ', e.first_name, e.middle_name, e.last_name, e.suffix),
    'BirthDate', e.birth_date, 'BirthPlace', e.birth_place, 'Gender', e.gender, 'CivilStatus', e.civil_status,
    'Nationality', e.nationality, 'Religion', e.religion, 'Email', e.email, 'MobileNumber', e.mobile_number,
    'PresentAddress', e.address, 'PermanentAddress', e.permanent_address,
    'EmergencyContactName', e.emergency_contact_name,
    'EmergencyContactRelationship', e.emergency_contact_relationship,
    'EmergencyContactPhone', e.emergency_contact_phone,
    'TIN', e.tin, 'SSSNumber', e.sss_number, 'PhilHealthNumber', e.philhealth_number,
    'PagIbigNumber', e.pagibig_number, 'DepartmentId', e.department_id, 'PositionId', e.position_id,
    'EmploymentStatusId', e.employment_status_id, 'EmploymentType', e.employment_type, 'HireDate', e.hire_date,
    'RegularizationDate', e.regularization_date, 'SupervisorId', e.supervisor_id,
    'WorkLocationId', e.work_location_id, 'DeviceUserId', e.device_user_id, 'ShiftId', e.shift_id, 'RestDays', e.rest_days,
    'SeparationDate', e.separation_date, 'SeparationReason', e.separation_reason,
    'RateType', e.rate_type, 'BasicRate', e.basic_rate::text, 'BankName', e.bank_name,
    'BankAccountNumber', e.bank_account_number, 'ImportId', e.last_import_id))
$$;
