import { ModulePlaceholder } from '@/components/module-placeholder';

export default function ImportRecordsPage() {
  return (
    <ModulePlaceholder description="Bring employee records into a company from a spreadsheet, checked row by row before anything is saved." />
  );
}
