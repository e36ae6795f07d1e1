import { ReviewPage } from './review-page';

export default function OvertimeReviewPage() {
  return <ReviewPage kind="Overtime" />;
}
