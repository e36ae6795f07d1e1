import { MyRequestsPage } from './my-requests-page';

export default function MyLeaveRequestsPage() {
  return <MyRequestsPage kind="Leave" />;
}
