import { PageTitle } from '../../components/page-title.tsx';

export function CourseDocumentsPage() {
  return <PageTitle>Documentos</PageTitle>;
}
