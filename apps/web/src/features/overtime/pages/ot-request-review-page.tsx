import { ModulePlaceholder } from '@/components/module-placeholder';

export default function OtRequestReviewPage() {
  return <ModulePlaceholder description="Review an overtime request and approve or decline it." />;
}
