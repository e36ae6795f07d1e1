import { ReviewPage } from './review-page';

export default function UndertimeReviewPage() {
  return <ReviewPage kind="Undertime" />;
}
