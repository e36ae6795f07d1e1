import { HrRequestsPage } from './hr-requests-page';

export default function HrUndertimeRequestsPage() {
  return <HrRequestsPage kind="Undertime" />;
}
