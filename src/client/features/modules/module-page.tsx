import { PageTitle } from '../../components/page-title.tsx';

export function ModulePage() {
  return <PageTitle>Módulo</PageTitle>;
}
