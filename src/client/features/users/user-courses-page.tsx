import { PageTitle } from '../../components/page-title.tsx';

export function UserCoursesPage() {
  return <PageTitle>Cursos del usuario</PageTitle>;
}
