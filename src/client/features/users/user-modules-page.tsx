import { PageTitle } from '../../components/page-title.tsx';

export function UserModulesPage() {
  return <PageTitle>Módulos del usuario</PageTitle>;
}
