import { MyRequestsPage } from './my-requests-page';

export default function MyOvertimeRequestsPage() {
  return <MyRequestsPage kind="Overtime" />;
}
