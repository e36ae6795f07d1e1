import { useEffect, useState, type Ref } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import { SEARCH_MAX_LENGTH } from '@hrpay/contracts';
import { SEARCH_DEBOUNCE_MS } from '@/lib/use-list-query';
import { useEmployeeSearch, type EmployeeMatch, type EmployeeSearchCompany } from '@/lib/employee-search';

export const employeeLabel = (employee: EmployeeMatch) =>
  (employee.EmployeeNumber ? `${employee.FullName} (${employee.EmployeeNumber})` : employee.FullName) +
  (employee.IsActive === false ? ' · separated' : '');

export interface EmployeePickerProps {
  /** The company to search ('' until one is chosen), or 'own' for the signed-in HR / Payroll user's. */
  companyId: EmployeeSearchCompany;
  value: EmployeeMatch | null;
  onChange: (employee: EmployeeMatch | null) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  label: string;
  required?: boolean;
  disabled?: boolean;
  error?: string;
  helperText?: string;
  /** 'small' for a list's filter bar, to match its other 40 px filters. */
  size?: 'small' | 'medium';
}

/** Finds an employee of one company by name or number; the server answers up to 20 matches per search. */
export function EmployeePicker({
  companyId,
  value,
  onChange,
  onBlur,
  inputRef,
  label,
  required,
  disabled,
  error,
  helperText,
  size = 'medium',
}: EmployeePickerProps) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [searchText, setSearchText] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearchText(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  // While the box shows the chosen employee's label, list everyone rather than searching for that label.
  const query = value && text === employeeLabel(value) ? '' : searchText;
  const search = useEmployeeSearch(companyId, query, open);
  const options = search.data ?? [];

  return (
    <Autocomplete
      size={size}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      value={value}
      onChange={(_event, employee) => onChange(employee)}
      inputValue={text}
      onInputChange={(_event, next) => setText(next)}
      options={
        value && !options.some((o) => o.EmployeeId === value.EmployeeId) ? [value, ...options] : options
      }
      // The server has already filtered by the typed text.
      filterOptions={(found) => found}
      getOptionLabel={employeeLabel}
      isOptionEqualToValue={(option, chosen) => option.EmployeeId === chosen.EmployeeId}
      loading={search.isFetching}
      disabled={disabled || !companyId}
      noOptionsText={search.isError ? 'The employees could not be loaded.' : 'No employee matches.'}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          margin={size === 'small' ? 'none' : undefined}
          required={required}
          inputRef={inputRef}
          onBlur={onBlur}
          error={!!error}
          helperText={error ?? (companyId ? helperText : 'Choose a company first')}
          slotProps={{
            ...params.slotProps,
            // The API takes at most SEARCH_MAX_LENGTH characters of search text; the box stops there.
            htmlInput: { ...params.slotProps.htmlInput, maxLength: SEARCH_MAX_LENGTH },
            input: {
              ...params.slotProps.input,
              endAdornment: (
                <>
                  {search.isFetching && <CircularProgress color="inherit" size={18} />}
                  {params.slotProps.input.endAdornment}
                </>
              ),
            },
          }}
        />
      )}
    />
  );
}
