import { PageTitle } from '../../components/page-title.tsx';

export function UsersActivitiesPage() {
  return <PageTitle>Lista de Usuarios</PageTitle>;
}
