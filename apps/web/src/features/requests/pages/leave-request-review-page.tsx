import { ReviewPage } from './review-page';

export default function LeaveReviewPage() {
  return <ReviewPage kind="Leave" />;
}
