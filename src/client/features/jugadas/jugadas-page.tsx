import { useRef, useState, type RefObject } from 'react';
import { Link, useParams } from 'wouter';
import { Anchor, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconPlayerPlay, IconRefresh } from '@tabler/icons-react';
import { messages } from '../../../shared/messages.ts';
import type { JugadaOptions, JugadaResult, StudentJugada } from '../../../shared/schemas/jugadas.ts';
import { ApiError } from '../../lib/api.ts';
import { paths } from '../../lib/paths.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { JugadaScoreBadge } from '../../components/jugada-score.tsx';
import { LoadError } from '../../components/load-error.tsx';
import { useAnswerJugada } from './api/use-answer-jugada.ts';
import { useMyJugadas } from './api/use-my-jugadas.ts';
import { ClipPlayer, type ClipHandle } from './components/clip-player.tsx';
import { JugadaResultView } from './components/jugada-result.tsx';
import { OptionChoice } from '../../components/option-choice.tsx';
import { MomentMarker } from '../../components/moment-marker.tsx';
import { toTenth } from '../../lib/seconds.ts';

/** The student's jugadas of a module, one at a time: watch, mark the moment, make the call, see the grade. */
export function JugadasPage() {
  const { courseId = '', moduleId = '' } = useParams<{ courseId: string; moduleId: string }>();
  const query = useMyJugadas(moduleId);
  const [index, setIndex] = useState<number | null>(null);

  const error = query.error ?? (query.data && query.data.courseId !== courseId ? new ApiError(404, 'NOT_FOUND', '') : null);
  if (error)
    return (
      <LoadError
        error={error}
        backTo={paths.courseModules(courseId)}
        backLabel="Volver a los módulos"
        studentOf="module"
        onRetry={() => void query.refetch()}
      />
    );

  const data = query.data;
  // Start at the first jugada not answered yet (or the first one, when all are); answering one
  // must not move the page, so the starting point is fixed on first load.
  if (data && index === null)
    setIndex(
      Math.max(
        0,
        data.jugadas.findIndex((j) => !j.firstAnswer),
      ),
    );
  const current = index ?? 0;
  const jugada = data?.jugadas[current];

  return (
    <Stack gap="md" maw={960} mx="auto">
      <Anchor component={Link} href={paths.module(courseId, moduleId)} size="sm" style={{ alignSelf: 'flex-start' }}>
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden />
          Volver al módulo
        </Group>
      </Anchor>
      {!data ? (
        <Stack role="status" aria-busy="true" aria-label="Cargando jugadas">
          <Skeleton height={32} width="50%" />
          <Skeleton radius="md" style={{ aspectRatio: '16 / 9', height: 'auto' }} />
        </Stack>
      ) : (
        <>
          <Group justify="space-between" align="center" gap="xs">
            <div>
              <Title order={1} size="h2">
                Jugadas
              </Title>
              <Text c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {data.moduleName}
              </Text>
            </div>
            {data.jugadas.length > 0 && <JugadaScoreBadge score={data.score} />}
          </Group>
          {!jugada ? (
            <EmptyState
              title="Este módulo todavía no tiene jugadas"
              text="Cuando tu instructor cargue jugadas, vas a poder practicarlas acá."
            />
          ) : (
            <JugadaCard
              key={jugada.id}
              jugada={jugada}
              number={current + 1}
              total={data.jugadas.length}
              options={data.options}
              moduleId={moduleId}
              courseId={courseId}
              onNext={current + 1 < data.jugadas.length ? () => setIndex(current + 1) : null}
            />
          )}
        </>
      )}
    </Stack>
  );
}

interface JugadaCardProps {
  jugada: StudentJugada;
  number: number;
  total: number;
  options: JugadaOptions;
  moduleId: string;
  courseId: string;
  onNext: (() => void) | null;
}

type AnswerErrors = { decision?: string; sanction?: string; moment?: string; form?: string };

/** The student's answer to one jugada: the moment and call being chosen, checking and sending it, and the graded result. */
function useJugadaAnswer(
  jugada: StudentJugada,
  clip: RefObject<ClipHandle | null>,
  moduleId: string,
  courseId: string,
  options: JugadaOptions,
) {
  const answer = useAnswerJugada(moduleId, courseId);
  /** Answered without signal: the phone keeps the answer and sends it when the signal is back. */
  const [kept, setKept] = useState(false);
  // An answered jugada opens on its graded first answer; 'Practicar de nuevo' clears the form.
  const [shown, setShown] = useState<{ result: JugadaResult; practice: boolean } | null>(
    jugada.firstAnswer ? { result: jugada.firstAnswer, practice: false } : null,
  );
  const [moment, setMoment] = useState<number | null>(null);
  const [decisionId, setDecisionId] = useState<string | null>(null);
  const [sanctionId, setSanctionId] = useState<string | null>(null);
  const [errors, setErrors] = useState<AnswerErrors>({});
  const resultRef = useRef<HTMLDivElement>(null);
  const markButton = useRef<HTMLButtonElement>(null);

  const mark = () => {
    if (!clip.current?.played()) {
      setErrors((e) => ({ ...e, moment: messages.jugadaWatchFirst }));
      return;
    }
    const time = clip.current.currentTime();
    if (time !== null) {
      setMoment(toTenth(time));
      setErrors((e) => ({ ...e, moment: undefined }));
    }
  };

  const submit = () => {
    // A clip that never played, or a moment not marked, does not cost the attempt: nothing is sent.
    const momentProblem = !clip.current?.played()
      ? messages.jugadaWatchFirst
      : jugada.hasMoment && moment === null
        ? messages.jugadaMarkMoment
        : undefined;
    const missing = {
      moment: momentProblem,
      decision: decisionId ? undefined : messages.jugadaChooseDecision,
      sanction: sanctionId ? undefined : messages.jugadaChooseSanction,
    };
    setErrors(missing);
    if (missing.moment) markButton.current?.focus();
    if (missing.moment || !decisionId || !sanctionId) return;
    const labelOf = (id: string) => [...options.decisions, ...options.sanctions].find((o) => o.id === id)?.label ?? '';
    const text = `Decisión: ${labelOf(decisionId)} · Sanción: ${labelOf(sanctionId)}${moment === null ? '' : ` · Momento: ${moment} s`}`;
    answer.mutate(
      { jugadaId: jugada.id, answer: { decisionId, sanctionId, moment }, label: { prompt: jugada.prompt, text } },
      {
        onSuccess: (response) => {
          if (!response || 'kept' in response) {
            setKept(true);
            if (response) {
              setShown({ result: response.result, practice: jugada.firstAnswer !== null });
              requestAnimationFrame(() => resultRef.current?.focus());
            }
            return;
          }
          setShown({ result: response.result, practice: !response.counted });
          requestAnimationFrame(() => resultRef.current?.focus());
        },
        onError: (error) => setErrors({ form: error.message }),
      },
    );
  };

  const practiseAgain = () => {
    setShown(null);
    setMoment(null);
    setDecisionId(null);
    setSanctionId(null);
    setErrors({});
    clip.current?.replay();
  };

  return {
    shown,
    moment,
    setMoment,
    decisionId,
    setDecisionId,
    sanctionId,
    setSanctionId,
    errors,
    kept,
    pending: answer.isPending,
    resultRef,
    markButton,
    mark,
    submit,
    practiseAgain,
  };
}

/** An answer given without signal: kept on the phone until the signal is back. */
function KeptOnPhone() {
  return (
    <Text c="blue.9" role="status" data-testid="jugada-guardada">
      {messages.savedOnPhone}
    </Text>
  );
}

/** One jugada: its clip, then either the form to answer it or the graded result with what to do next. */
function JugadaCard({ jugada, number, total, options, moduleId, courseId, onNext }: JugadaCardProps) {
  const clip = useRef<ClipHandle>(null);
  const answer = useJugadaAnswer(jugada, clip, moduleId, courseId, options);
  const { shown, errors } = answer;

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} component="section" aria-labelledby="jugada-titulo">
      <Stack gap="md">
        <div>
          <Title order={2} size="h3" id="jugada-titulo">
            Jugada {number} de {total}
          </Title>
          <Text size="lg" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {jugada.prompt}
          </Text>
        </div>
        <ClipPlayer ref={clip} video={jugada.video} start={jugada.start} end={jugada.end} title={`Video de la jugada ${number}`} />
        <Group gap="xs">
          <Button variant="default" leftSection={<IconPlayerPlay size={18} aria-hidden />} onClick={() => clip.current?.replay()}>
            Volver a ver
          </Button>
        </Group>
        {shown ? (
          <Stack gap="md" ref={answer.resultRef} tabIndex={-1} style={{ outline: 'none' }}>
            <JugadaResultView result={shown.result} options={options} practice={shown.practice} />
            {answer.kept && <KeptOnPhone />}
            <Group gap="sm">
              {onNext ? (
                <Button onClick={onNext} rightSection={<IconArrowRight size={18} aria-hidden />}>
                  Siguiente jugada
                </Button>
              ) : (
                <Button component={Link} href={paths.module(courseId, moduleId)}>
                  Volver al módulo
                </Button>
              )}
              <Button variant="outline" leftSection={<IconRefresh size={18} aria-hidden />} onClick={answer.practiseAgain}>
                Practicar de nuevo
              </Button>
            </Group>
          </Stack>
        ) : (
          <Stack gap="md">
            <Stack gap={4}>
              <MomentMarker
                ref={answer.markButton}
                moment={answer.moment}
                onMark={answer.mark}
                onChange={answer.setMoment}
                disabled={answer.pending}
              />
              {jugada.hasMoment && (
                <Text size="sm" c="dimmed">
                  Marcá el momento de la infracción mientras el video se reproduce; podés ajustarlo de a una décima.
                </Text>
              )}
              {errors.moment && (
                <Text size="sm" c="red.8" role="alert">
                  {errors.moment}
                </Text>
              )}
            </Stack>
            <OptionChoice
              label="Decisión"
              choices={options.decisions}
              value={answer.decisionId}
              onChange={answer.setDecisionId}
              error={errors.decision}
            />
            <OptionChoice
              label="Sanción"
              choices={options.sanctions}
              value={answer.sanctionId}
              onChange={answer.setSanctionId}
              error={errors.sanction}
            />
            {errors.form && (
              <Text c="red.8" role="alert">
                {errors.form}
              </Text>
            )}
            {answer.kept ? (
              <Stack gap="sm">
                <KeptOnPhone />
                {onNext && (
                  <Button onClick={onNext} rightSection={<IconArrowRight size={18} aria-hidden />} style={{ alignSelf: 'flex-start' }}>
                    Siguiente jugada
                  </Button>
                )}
              </Stack>
            ) : (
              <Button size="md" onClick={answer.submit} loading={answer.pending} style={{ alignSelf: 'flex-start' }}>
                Responder
              </Button>
            )}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
