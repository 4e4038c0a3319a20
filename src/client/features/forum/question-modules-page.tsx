import { PageTitle } from '../../components/page-title.tsx';

export function QuestionModulesPage() {
  return <PageTitle>Responder Preguntas</PageTitle>;
}
