import { ModulePlaceholder } from '@/components/module-placeholder';

export default function LookupsPage() {
  return (
    <ModulePlaceholder description="The lists other screens choose from: positions, employment statuses, leave types and more." />
  );
}
