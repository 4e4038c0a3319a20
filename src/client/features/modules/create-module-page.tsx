import { PageTitle } from '../../components/page-title.tsx';

export function CreateModulePage() {
  return <PageTitle>Crear Módulo</PageTitle>;
}
