import { PageTitle } from '../../components/page-title.tsx';

export function ReviewQueuePage() {
  return <PageTitle>Por corregir</PageTitle>;
}
