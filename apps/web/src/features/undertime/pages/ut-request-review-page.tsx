import { ModulePlaceholder } from '@/components/module-placeholder';

export default function UtRequestReviewPage() {
  return <ModulePlaceholder description="Review an undertime request and approve or decline it." />;
}
