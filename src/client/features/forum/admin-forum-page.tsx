import { PageTitle } from '../../components/page-title.tsx';

export function AdminForumPage() {
  return <PageTitle>Preguntas del módulo</PageTitle>;
}
