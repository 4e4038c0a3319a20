import { Link, useParams } from 'wouter';
import { Anchor, Group, Loader, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { LoadError } from '../../components/load-error.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { paths } from '../../lib/paths.ts';
import { useApproval } from './api/use-approval.ts';
import { CertificatesSection } from './components/certificates-section.tsx';
import { CourseRecordSection } from './components/course-record-section.tsx';
import { RenewalSection } from './components/renewal-section.tsx';
import { RequirementsForm } from './components/requirements-form.tsx';
import { TraineeOutcomes } from './components/trainee-outcomes.tsx';

/** A section of the page: its heading, a line about it, and what it holds. */
function Section({ title, id, intro, children }: { title: string; id: string; intro?: string; children: React.ReactNode }) {
  return (
    <Stack component="section" gap="sm" aria-labelledby={id}>
      <Stack gap={2}>
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {intro && (
          <Text size="sm" c="gray.7">
            {intro}
          </Text>
        )}
      </Stack>
      {children}
    </Stack>
  );
}

function ApprovalSkeleton() {
  return (
    <Stack gap="md" aria-hidden>
      <Skeleton height={24} width={220} />
      <Skeleton height={280} radius="md" />
      <Skeleton height={24} width={120} />
      {Array.from({ length: 3 }, (_, index) => (
        <Skeleton key={index} height={64} radius="md" />
      ))}
    </Stack>
  );
}

/**
 * 'Aprobación y certificados' of a course: the requirements to pass and the licence, who is 'Apto'
 * and why, then the course record, the certificates and the renewal course.
 */
export function ApprovalPage() {
  const { courseId = '' } = useParams<{ courseId: string }>();
  const query = useApproval(courseId);
  const approval = query.data;

  if (query.isError && !approval) {
    return (
      <LoadError
        error={query.error}
        notFoundText="Este curso no existe: puede que lo hayan eliminado."
        backTo={paths.adminCourses()}
        backLabel="Volver a los cursos"
        onRetry={() => void query.refetch()}
      />
    );
  }

  return (
    <Stack gap="xl" maw={1100}>
      <Stack gap={0}>
        <Anchor component={Link} href={paths.adminCourse(courseId)} size="sm" style={{ alignSelf: 'flex-start' }} mb="sm">
          <Group gap={4} component="span">
            <IconArrowLeft size={16} aria-hidden />
            {approval?.course.name ?? 'Curso'}
          </Group>
        </Anchor>
        <PageTitle actions={query.isFetching && approval ? <Loader size="xs" role="status" aria-label="Actualizando" /> : undefined}>
          Aprobación y certificados
        </PageTitle>
      </Stack>
      {!approval ? (
        <ApprovalSkeleton />
      ) : (
        <>
          <Section
            title="Requisitos de aprobación"
            id="requisitos"
            intro="Lo que el curso pide para quedar apto. Cada alumno se juzga con sus resultados guardados: nadie lo escribe a mano."
          >
            <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
              {/* A new answer (another tab, a closed record) starts the form again from what is saved. */}
              <RequirementsForm key={`${approval.closedRecord?.id ?? 'abierta'}`} courseId={courseId} approval={approval} />
            </Paper>
          </Section>
          <Section title="Alumnos" id="alumnos">
            <TraineeOutcomes courseId={courseId} trainees={approval.trainees} />
          </Section>
        </>
      )}
      <CourseRecordSection courseId={courseId} />
      <CertificatesSection courseId={courseId} />
      <RenewalSection courseId={courseId} />
    </Stack>
  );
}
