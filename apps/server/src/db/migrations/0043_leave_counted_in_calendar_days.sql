-- A leave the law gives in days of the calendar counts every day it covers, rest days and holidays included:
-- maternity leave's 105 days (RA 11210, counted as calendar days by its IRR and by SSS's maternity benefit) and
-- the special leave for women's "up to two months" (RA 9710 Sec. 18). Counted in working days, a 105-day
-- maternity leave had covered some five calendar months. Other types keep counting working days only.
ALTER TABLE leave_types ADD COLUMN counts_calendar_days boolean NOT NULL DEFAULT false;
UPDATE leave_types SET counts_calendar_days = true WHERE code IN ('ML', 'SLW');

-- The statutory types of a new company (migration 0011's function, with the new column).
CREATE OR REPLACE FUNCTION seed_company_leave_types(p_tenant uuid, p_company uuid) RETURNS void LANGUAGE sql AS $$
  INSERT INTO leave_types (tenant_id, company_id, code, name, is_paid, needs_balance, grant_rule, annual_days,
                           prorate_new_hires, min_service_months, carry_over_cap, convertible_to_cash,
                           max_days_per_request, half_day_allowed, gender, legal_basis, counts_calendar_days)
  VALUES
    (p_tenant, p_company, 'SIL', 'Service Incentive Leave', true, true, 'HireAnniversary', 5, false, 12, 0, true, NULL, true, NULL,
     'Labor Code Art. 95: 5 days a year after one year of service; unused days converted to cash at year end', false),
    (p_tenant, p_company, 'VL', 'Vacation Leave', true, true, 'Monthly', 15, true, 0, 5, false, NULL, true, NULL, 'Company policy', false),
    (p_tenant, p_company, 'SL', 'Sick Leave', true, true, 'Monthly', 15, true, 0, 10, false, NULL, true, NULL, 'Company policy', false),
    (p_tenant, p_company, 'ML', 'Maternity Leave', true, false, 'None', 0, false, 0, NULL, false, 105, false, 'Female',
     'RA 11210: 105 days (120 for solo parents), per delivery', true),
    (p_tenant, p_company, 'PL', 'Paternity Leave', true, false, 'None', 0, false, 0, NULL, false, 7, false, 'Male',
     'RA 8187: 7 days for each of the first four deliveries of the lawful wife', false),
    (p_tenant, p_company, 'SPL', 'Solo Parent Leave', true, false, 'None', 0, false, 6, NULL, false, 7, true, NULL,
     'RA 11861: up to 7 working days a year for a solo parent (with a Solo Parent ID) after six months of service', false),
    (p_tenant, p_company, 'VAWC', 'VAWC Leave', true, false, 'None', 0, false, 0, NULL, false, 10, true, 'Female',
     'RA 9262 Sec. 43: up to 10 days for victims of violence against women and their children', false),
    (p_tenant, p_company, 'SLW', 'Special Leave for Women', true, false, 'None', 0, false, 6, NULL, false, 60, false, 'Female',
     'RA 9710 Sec. 18: up to two months after gynecological surgery, after six months of service', true),
    (p_tenant, p_company, 'LWOP', 'Leave Without Pay', false, false, 'None', 0, false, 0, NULL, false, NULL, true, NULL, 'Company policy', false)
  ON CONFLICT DO NOTHING
$$;
