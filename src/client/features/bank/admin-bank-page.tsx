import { useState, type ReactNode } from 'react';
import { ListSkeleton } from '../../components/list-skeleton.tsx';
import { Link, useParams } from 'wouter';
import { Anchor, Button, Group, Loader, Menu, Stack, Text } from '@mantine/core';
import {
  IconArchiveOff,
  IconArrowLeft,
  IconChevronDown,
  IconDownload,
  IconFileImport,
  IconPlus,
  IconQuestionMark,
  IconSearch,
} from '@tabler/icons-react';
import { examMessages } from '../../../shared/messages.ts';
import { bankExportFormatSchema, type BankList, type BankQuestion } from '../../../shared/schemas/exams.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { LoadError } from '../../components/load-error.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { paths } from '../../lib/paths.ts';
import { useCourseOverview } from '../../lib/use-course-overview.ts';
import { bankExportUrl, useBank, type BankFilters } from './api/use-bank.ts';
import { usedEdition } from './used-edition.ts';
import { BankFiltersBar, useBankFilters } from './components/bank-filters.tsx';
import { ImportQuestionsModal } from './components/import-questions-modal.tsx';
import { useQuestionActions } from './components/question-actions.tsx';
import { QuestionCard } from './components/question-card.tsx';
import { QuestionFormModal } from './components/question-form.tsx';
import { RetireEditionModal } from './components/retire-edition-modal.tsx';

const count = new Intl.NumberFormat('es-AR');
const questionsText = (n: number) => `${count.format(n)} ${n === 1 ? 'pregunta' : 'preguntas'}`;

type Dialog = { kind: 'form'; question: BankQuestion | null } | { kind: 'import' } | { kind: 'retire' } | null;

/** 'Banco de preguntas': a course's multiple-choice questions, from which its exams and practice draw. */
export function AdminBankPage() {
  const { courseId = '' } = useParams<{ courseId: string }>();
  const course = useCourseOverview().data?.find((c) => c.id === courseId);
  const [filters, setFilters] = useBankFilters();
  const bank = useBank(courseId, filters);
  const [dialog, setDialog] = useState<Dialog>(null);
  const actions = useQuestionActions(courseId);
  const data = bank.data;
  const close = () => setDialog(null);
  const newQuestion = () => setDialog({ kind: 'form', question: null });
  const importQuestions = () => setDialog({ kind: 'import' });

  if (bank.isError && !data) {
    return (
      <LoadError error={bank.error} backTo={paths.adminCourse(courseId)} backLabel="Volver al curso" onRetry={() => void bank.refetch()} />
    );
  }

  return (
    <Stack gap="md" maw={960}>
      <Anchor component={Link} href={paths.adminCourse(courseId)} size="sm" style={{ alignSelf: 'flex-start' }}>
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden />
          {course?.name ?? 'Curso'}
        </Group>
      </Anchor>
      <PageTitle
        actions={
          <Group gap="xs">
            <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={newQuestion}>
              Nueva pregunta
            </Button>
            <Button variant="default" leftSection={<IconFileImport size={18} aria-hidden />} onClick={importQuestions}>
              Importar preguntas
            </Button>
            <ExportMenu courseId={courseId} disabled={!data || data.chapters.length === 0} />
            <Button
              variant="default"
              leftSection={<IconArchiveOff size={18} aria-hidden />}
              onClick={() => setDialog({ kind: 'retire' })}
              disabled={!data || data.editions.length === 0}
            >
              Retirar edición
            </Button>
          </Group>
        }
      >
        Banco de preguntas
      </PageTitle>
      {!data ? (
        <ListSkeleton rowHeight={150} />
      ) : data.chapters.length === 0 && !filters.archived ? (
        // Not a question active: the bank is empty (or all archived), whatever was searched.
        <EmptyState icon={IconQuestionMark} title="Todavía no hay preguntas en el banco" text={examMessages.bankEmptyText}>
          <Group gap="xs" justify="center">
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={newQuestion}>
              Nueva pregunta
            </Button>
            <Button variant="default" leftSection={<IconFileImport size={16} aria-hidden />} onClick={importQuestions}>
              Importar preguntas
            </Button>
          </Group>
          <Button variant="subtle" size="compact-sm" onClick={() => setFilters({ archived: true, search: '', chapter: '' })}>
            Ver las archivadas
          </Button>
        </EmptyState>
      ) : (
        <BankContent
          data={data}
          filters={filters}
          onFilters={setFilters}
          fetching={bank.isFetching}
          stale={bank.isPlaceholderData}
          onAction={(question, number, action) =>
            action === 'edit' ? setDialog({ kind: 'form', question }) : actions.ask(question, number, action)
          }
        />
      )}
      {actions.dialog}
      <QuestionFormModal
        courseId={courseId}
        opened={dialog?.kind === 'form'}
        question={dialog?.kind === 'form' ? dialog.question : null}
        chapters={data?.chapters.map((c) => c.chapter) ?? []}
        edition={usedEdition(data?.editions ?? [])}
        onClose={close}
      />
      <ImportQuestionsModal
        courseId={courseId}
        opened={dialog?.kind === 'import'}
        edition={usedEdition(data?.editions ?? [])}
        onClose={close}
      />
      <RetireEditionModal courseId={courseId} opened={dialog?.kind === 'retire'} editions={data?.editions ?? []} onClose={close} />
    </Stack>
  );
}

/** 'Exportar': the active questions as CSV, GIFT or Moodle XML, each a download. */
function ExportMenu({ courseId, disabled }: { courseId: string; disabled: boolean }) {
  return (
    // No hidden focus placeholder: a role="menu" may only hold its items (axe).
    <Menu position="bottom-end" shadow="md" width={260} withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <Button
          variant="default"
          leftSection={<IconDownload size={18} aria-hidden />}
          rightSection={<IconChevronDown size={16} aria-hidden />}
          disabled={disabled}
        >
          {examMessages.exportLabel}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{examMessages.exportMenuLabel}</Menu.Label>
        {bankExportFormatSchema.options.map((format) => (
          <Menu.Item key={format} component="a" href={bankExportUrl(courseId, format)} download>
            <Text size="sm">{examMessages.exportFormats[format].label}</Text>
            <Text size="xs" c="gray.7">
              {examMessages.exportFormats[format].description}
            </Text>
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

interface BankContentProps {
  data: BankList;
  filters: BankFilters;
  onFilters: (change: Partial<BankFilters>) => void;
  fetching: boolean;
  /** The list shown is the previous search's, while the new one loads. */
  stale: boolean;
  onAction: (question: BankQuestion, number: number, action: 'edit' | 'delete' | 'archive' | 'restore') => void;
}

/** The filters, how many questions match, and the list (or why it is empty). */
function BankContent({ data, filters, onFilters, fetching, stale, onAction }: BankContentProps) {
  const filtered = Boolean(filters.search || filters.chapter);
  let list: ReactNode;
  if (data.questions.length === 0) {
    list = filtered ? (
      <EmptyState
        icon={IconSearch}
        title="No hay preguntas que coincidan"
        text={filters.search ? `Ninguna pregunta contiene “${filters.search}”.` : 'No hay preguntas en ese capítulo.'}
      >
        <Button variant="light" onClick={() => onFilters({ search: '', chapter: '' })}>
          Ver todas
        </Button>
      </EmptyState>
    ) : (
      <EmptyState title="No hay preguntas archivadas" text="Las preguntas que archives (o las de una edición retirada) aparecen acá." />
    );
  } else {
    list = (
      <Stack
        component="ul"
        gap="sm"
        p={0}
        m={0}
        style={{ listStyle: 'none', opacity: stale ? 0.6 : 1 }}
        aria-busy={stale}
        aria-label={filters.archived ? 'Preguntas archivadas' : 'Preguntas del banco'}
      >
        {data.questions.map((question, index) => (
          <QuestionCard
            key={question.id}
            question={question}
            number={index + 1}
            onAction={(action) => onAction(question, index + 1, action)}
          />
        ))}
      </Stack>
    );
  }
  const total = data.chapters.reduce((sum, c) => sum + c.count, 0);
  return (
    <Stack gap="sm">
      <BankFiltersBar filters={filters} onChange={onFilters} chapters={data.chapters} />
      <Group gap="xs" justify="space-between">
        <Text size="sm" c="gray.7" aria-live="polite">
          {filters.archived
            ? `${questionsText(data.questions.length)} ${data.questions.length === 1 ? 'archivada' : 'archivadas'}`
            : filtered
              ? `${questionsText(data.questions.length)} de ${count.format(total)}`
              : `${questionsText(total)} ${total === 1 ? 'activa' : 'activas'} en ${data.chapters.length === 1 ? '1 capítulo' : `${data.chapters.length} capítulos`}`}
        </Text>
        {fetching && <Loader size="xs" role="status" aria-label="Actualizando" />}
      </Group>
      {list}
    </Stack>
  );
}
