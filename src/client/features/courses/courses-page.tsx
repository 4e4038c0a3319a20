import { PageTitle } from '../../components/page-title.tsx';

export function CoursesPage() {
  return <PageTitle>Cursos</PageTitle>;
}
