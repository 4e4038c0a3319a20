import { PageTitle } from '../../components/page-title.tsx';

export function CreateCoursePage() {
  return <PageTitle>Crear Curso</PageTitle>;
}
