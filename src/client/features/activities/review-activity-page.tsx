import { PageTitle } from '../../components/page-title.tsx';

export function ReviewActivityPage() {
  return <PageTitle>Corregir actividad</PageTitle>;
}
