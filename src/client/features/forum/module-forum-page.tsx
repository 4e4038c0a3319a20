import { PageTitle } from '../../components/page-title.tsx';

export function ModuleForumPage() {
  return <PageTitle>Preguntas</PageTitle>;
}
