import { PageTitle } from '../../components/page-title.tsx';

export function CourseWelcomePage() {
  return <PageTitle>Bienvenida al curso</PageTitle>;
}
