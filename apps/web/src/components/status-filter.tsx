import { FilterSelect } from '@/components/data-table';
import { booleanParam } from '@/lib/use-list-query';

const STATUS_OPTIONS = [
  { value: 'true', label: 'Active' },
  { value: 'false', label: 'Inactive' },
];

/** A list's Status filter on `IsActive`: All (undefined), Active or Inactive. */
export function StatusFilter({
  value,
  onChange,
}: {
  value: boolean | undefined;
  onChange: (value: boolean | undefined) => void;
}) {
  return (
    <FilterSelect
      label="Status"
      value={value === undefined ? '' : String(value)}
      onChange={(raw) => onChange(booleanParam.parse(raw))}
      options={STATUS_OPTIONS}
    />
  );
}
