import { HrRequestsPage } from './hr-requests-page';

export default function HrLeaveRequestsPage() {
  return <HrRequestsPage kind="Leave" />;
}
