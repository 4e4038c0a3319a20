import { PageTitle } from '../../components/page-title.tsx';

export function StudentHomePage() {
  return <PageTitle>Mis cursos</PageTitle>;
}
