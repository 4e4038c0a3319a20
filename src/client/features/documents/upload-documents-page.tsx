import { PageTitle } from '../../components/page-title.tsx';

export function UploadDocumentsPage() {
  return <PageTitle>Subir Documentos</PageTitle>;
}
