import { MyRequestsPage } from './my-requests-page';

export default function MyUndertimeRequestsPage() {
  return <MyRequestsPage kind="Undertime" />;
}
