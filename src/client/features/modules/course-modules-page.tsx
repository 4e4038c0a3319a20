import { PageTitle } from '../../components/page-title.tsx';

export function CourseModulesPage() {
  return <PageTitle>Módulos</PageTitle>;
}
