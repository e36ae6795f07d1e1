import { HrRequestsPage } from './hr-requests-page';

export default function HrOvertimeRequestsPage() {
  return <HrRequestsPage kind="Overtime" />;
}
