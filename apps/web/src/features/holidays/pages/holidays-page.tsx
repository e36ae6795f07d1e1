import { ModulePlaceholder } from '@/components/module-placeholder';

export default function HolidaysPage() {
  return <ModulePlaceholder description="Regular and special non-working holidays that drive holiday pay." />;
}
