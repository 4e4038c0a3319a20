import { PageTitle } from '../../components/page-title.tsx';

export function ActivitiesPage() {
  return <PageTitle>Actividades</PageTitle>;
}
