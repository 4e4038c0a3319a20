import { useState } from 'react';
import { Alert, Group, Loader, Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { examMessages } from '../../../../shared/messages.ts';
import { useAttempt } from '../api/attempts.ts';
import { AttemptReviewList } from './attempt-review.tsx';
import { ClipReviewList } from './clip-review.tsx';

interface AttemptDialogProps {
  /**
   * The student whose attempts are shown, their attempts' ids (first to last) and what counts of
   * them (their best: `scorePercent` null before one is handed in); null when closed.
   */
  student: { name: string; attemptIds: string[]; scorePercent: number | null; passed: boolean | null } | null;
  onClose: () => void;
}

function AttemptBody({ attemptId }: { attemptId: string }) {
  const query = useAttempt(attemptId, { fresh: true });
  if (query.isPending) {
    return (
      <Group justify="center" p="lg">
        <Loader role="status" aria-label="Cargando el intento" />
      </Group>
    );
  }
  if (query.isError) {
    return (
      <Alert color="red" role="alert">
        {query.error.message}
      </Alert>
    );
  }
  const { attempt } = query.data;
  const result = attempt.result;
  return (
    <Stack gap="sm">
      {result ? (
        <Text fw={600}>
          {result.passed ? examMessages.passed : examMessages.failed} · {examMessages.score(result.scorePercent)} ·{' '}
          {examMessages.rightOf(result.right, result.total)}
          {result.criticalMissed ? ' · falló una crítica' : ''}
        </Text>
      ) : (
        <Text fw={600}>En curso: todavía no se entregó.</Text>
      )}
      {attempt.clipReview && attempt.jugadaOptions ? (
        <ClipReviewList review={attempt.clipReview} options={attempt.jugadaOptions} reader="admin" />
      ) : attempt.review && attempt.kind !== 'video' ? (
        <AttemptReviewList review={attempt.review} reader="admin" />
      ) : (
        <Text c="gray.7">Las respuestas se ven cuando el intento está entregado.</Text>
      )}
    </Stack>
  );
}

/**
 * A student's answers in an attempt, with the right options and explanations (a video exam's: each
 * clip's call and the correct one); a switch between attempts when there are several.
 */
export function AttemptDialog({ student, onClose }: AttemptDialogProps) {
  const phone = useMediaQuery('(max-width: 36em)');
  const ids = student?.attemptIds ?? [];
  const [chosen, setChosen] = useState<string | null>(null);
  const attemptId = chosen && ids.includes(chosen) ? chosen : (ids[ids.length - 1] ?? null);
  return (
    <Modal
      opened={student !== null}
      onClose={() => {
        setChosen(null);
        onClose();
      }}
      title={student ? `Respuestas de ${student.name}` : ''}
      size="xl"
      fullScreen={phone ?? false}
    >
      <Stack gap="md">
        {ids.length > 1 && student?.scorePercent != null && (
          <Text size="sm" c="gray.7" data-testid="intento-que-cuenta">
            {examMessages.theirBestCounts(student.scorePercent, student.passed ?? false)}
          </Text>
        )}
        {ids.length > 1 && (
          <SegmentedControl
            aria-label="Intento"
            value={attemptId ?? ''}
            onChange={setChosen}
            data={ids.map((id, index) => ({ value: id, label: `Intento ${index + 1}` }))}
            style={{ alignSelf: 'flex-start' }}
          />
        )}
        {attemptId && <AttemptBody key={attemptId} attemptId={attemptId} />}
      </Stack>
    </Modal>
  );
}
