import { useId, useState, type FormEvent } from 'react';
import {
  Alert,
  Badge,
  Button,
  Group,
  NativeSelect,
  Paper,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconHistory, IconPlayerPlay } from '@tabler/icons-react';
import { momentText } from '../../../../shared/calendar.ts';
import { matchReviewMessages as m } from '../../../../shared/messages.ts';
import {
  clockText,
  COMMENT_BODY_MAX,
  criterionKeys,
  type CommentCriterion,
  type CommentReply,
  type CommentVerdict,
  type CriterionSummary,
  type MatchComment,
} from '../../../../shared/schemas/match-comments.ts';
import { notify } from '../../../components/notify.ts';
import { ApiError } from '../../../lib/api.ts';
import { useAddComment, useCommentHistory, useEditComment, useReply } from '../api/use-match-review.ts';
import classes from './match-comments.module.css';
import { ToJugadaDialog } from './to-jugada-dialog.tsx';

/** '23:41 · Ubicación · A mejorar': a comment's moment and what it judged. */
export const commentHeading = (comment: Pick<MatchComment, 'atSeconds' | 'criterion' | 'verdict'>) =>
  m.mark(clockText(comment.atSeconds), m.criteria[comment.criterion], m.verdicts[comment.verdict]);

const errorText = (error: unknown) => (error instanceof ApiError ? error.message : m.playerFailed);

/** How many 'Bien' and 'A mejorar' each criterion has: what heads the list. */
export function CommentSummary({ summary }: { summary: CriterionSummary[] }) {
  if (summary.length === 0) return null;
  return (
    <Table withTableBorder verticalSpacing={4} fz="sm" captionSide="top">
      <Table.Caption className={classes.caption}>{m.summary}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{m.criterionLabel}</Table.Th>
          <Table.Th scope="col" ta="right">
            {m.verdicts.bien}
          </Table.Th>
          <Table.Th scope="col" ta="right">
            {m.verdicts['a-mejorar']}
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {summary.map((row) => (
          <Table.Tr key={row.criterion}>
            <Table.Th scope="row" fw={500}>
              {m.criteria[row.criterion]}
            </Table.Th>
            <Table.Td ta="right">{row.bien}</Table.Td>
            <Table.Td ta="right">{row.aMejorar}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

const criterionOptions = criterionKeys.map((key) => ({ value: key, label: m.criteria[key] }));
const verdictOptions = [
  { value: 'bien', label: m.verdicts.bien },
  { value: 'a-mejorar', label: m.verdicts['a-mejorar'] },
];

/** The criterion and verdict of a comment being written or edited. */
function JudgementFields(props: {
  criterion: CommentCriterion;
  verdict: CommentVerdict;
  onChange: (c: CommentCriterion, v: CommentVerdict) => void;
}) {
  const labelId = useId();
  return (
    <Group grow align="end" gap="xs" wrap="wrap">
      <NativeSelect
        label={m.criterionLabel}
        data={criterionOptions}
        value={props.criterion}
        onChange={(event) => props.onChange(event.currentTarget.value as CommentCriterion, props.verdict)}
        miw={150}
      />
      <Stack gap={4} miw={150}>
        <Text size="sm" fw={500} id={labelId}>
          {m.verdictLabel}
        </Text>
        <SegmentedControl
          aria-labelledby={labelId}
          data={verdictOptions}
          value={props.verdict}
          onChange={(value) => props.onChange(props.criterion, value as CommentVerdict)}
          color={props.verdict === 'bien' ? 'green.8' : 'orange.9'}
        />
      </Stack>
    </Group>
  );
}

/** 'Comentar aquí': the form for a new comment at `atSeconds`. */
export function NewCommentForm({ matchId, atSeconds, onDone }: { matchId: string; atSeconds: number; onDone: () => void }) {
  const [criterion, setCriterion] = useState<CommentCriterion>('ubicacion');
  const [verdict, setVerdict] = useState<CommentVerdict>('a-mejorar');
  const [body, setBody] = useState('');
  const add = useAddComment(matchId);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(
      { atSeconds: Math.round(atSeconds * 1000) / 1000, criterion, verdict, body },
      {
        onSuccess: () => {
          notify(m.commentSaved, commentHeading({ atSeconds, criterion, verdict }));
          onDone();
        },
      },
    );
  };
  return (
    <Paper withBorder p="sm" component="form" onSubmit={submit} aria-labelledby="new-comment-title">
      <Stack gap="xs">
        <Title order={2} size="h4" id="new-comment-title">
          {m.commentAt(clockText(atSeconds))}
        </Title>
        <JudgementFields criterion={criterion} verdict={verdict} onChange={(c, v) => (setCriterion(c), setVerdict(v))} />
        <Textarea
          label={m.bodyLabel}
          required
          autosize
          minRows={2}
          maxLength={COMMENT_BODY_MAX}
          value={body}
          onChange={(e) => setBody(e.currentTarget.value)}
          data-autofocus
          autoFocus
        />
        {add.error && (
          <Alert color="red" role="alert">
            {errorText(add.error)}
          </Alert>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onDone}>
            {m.cancel}
          </Button>
          <Button type="submit" loading={add.isPending}>
            {m.saveComment}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** Who wrote it and when, 'editado' with its history. */
function Byline({ item, onHistory }: { item: CommentReply; onHistory: () => void }) {
  return (
    <Group gap={6} wrap="wrap">
      <Text size="xs" c="dimmed">
        {item.author.name} · {momentText(item.createdAt)}
      </Text>
      {item.editedAt && (
        <UnstyledButton onClick={onHistory} className={classes.edited} aria-label={`${m.edited}: ${m.history}`}>
          <IconHistory size={12} /> {m.edited}
        </UnstyledButton>
      )}
    </Group>
  );
}

/** A comment's (or reply's) earlier versions, newest first. */
function History({ commentId }: { commentId: string }) {
  const history = useCommentHistory(commentId);
  if (history.isPending) return <Text size="xs">Cargando…</Text>;
  if (history.error)
    return (
      <Text size="xs" c="red.8">
        {errorText(history.error)}
      </Text>
    );
  const revisions = history.data.revisions;
  return (
    <Stack gap={4} className={classes.history} aria-label={m.historyTitle} role="group">
      <Text size="xs" fw={600}>
        {m.historyTitle}
      </Text>
      {revisions.length === 0 && <Text size="xs">{m.historyEmpty}</Text>}
      {revisions.map((revision) => (
        <Stack key={revision.replacedAt} gap={0}>
          <Text size="xs" c="dimmed">
            {m.historyUntil(momentText(revision.replacedAt))}
            {revision.atSeconds !== null && revision.criterion && revision.verdict
              ? ` · ${commentHeading({
                  atSeconds: revision.atSeconds,
                  criterion: revision.criterion as CommentCriterion,
                  verdict: revision.verdict as CommentVerdict,
                })}`
              : ''}
          </Text>
          <Text size="sm" className={classes.body}>
            {revision.body}
          </Text>
        </Stack>
      ))}
    </Stack>
  );
}

/** The author's 'Editar': the text (and a comment's criterion and verdict). */
function EditForm(props: {
  matchId: string;
  item: CommentReply & Partial<Pick<MatchComment, 'criterion' | 'verdict'>>;
  onDone: () => void;
}) {
  const { matchId, item, onDone } = props;
  const [body, setBody] = useState(item.body);
  const [criterion, setCriterion] = useState(item.criterion);
  const [verdict, setVerdict] = useState(item.verdict);
  const edit = useEditComment(matchId, item.id);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    edit.mutate({ body, ...(criterion && verdict ? { criterion, verdict } : {}) }, { onSuccess: onDone });
  };
  return (
    <Stack gap="xs" component="form" onSubmit={submit}>
      {criterion && verdict && (
        <JudgementFields criterion={criterion} verdict={verdict} onChange={(c, v) => (setCriterion(c), setVerdict(v))} />
      )}
      <Textarea
        label={m.bodyLabel}
        required
        autosize
        minRows={2}
        maxLength={COMMENT_BODY_MAX}
        value={body}
        onChange={(e) => setBody(e.currentTarget.value)}
      />
      {edit.error && (
        <Alert color="red" role="alert">
          {errorText(edit.error)}
        </Alert>
      )}
      <Group justify="flex-end" gap="xs">
        <Button variant="default" size="xs" onClick={onDone}>
          {m.cancel}
        </Button>
        <Button type="submit" size="xs" loading={edit.isPending}>
          {m.saveComment}
        </Button>
      </Group>
    </Stack>
  );
}

/** A reply in a thread: its text, who and when, and for its author 'Editar'. */
function ReplyItem({ matchId, reply }: { matchId: string; reply: CommentReply }) {
  const [editing, setEditing] = useState(false);
  const [showHistory, setShowHistory] = useState(false);
  return (
    <Stack gap={2} className={classes.reply}>
      {editing ? (
        <EditForm matchId={matchId} item={reply} onDone={() => setEditing(false)} />
      ) : (
        <Text size="sm" className={classes.body}>
          {reply.body}
        </Text>
      )}
      <Group gap="xs" justify="space-between" wrap="wrap">
        <Byline item={reply} onHistory={() => setShowHistory((shown) => !shown)} />
        {reply.mine && !editing && (
          <Button variant="subtle" size="compact-xs" onClick={() => setEditing(true)}>
            {m.edit}
          </Button>
        )}
      </Group>
      {showHistory && <History commentId={reply.id} />}
    </Stack>
  );
}

function ReplyForm({ matchId, commentId, onDone }: { matchId: string; commentId: string; onDone: () => void }) {
  const [body, setBody] = useState('');
  const reply = useReply(matchId, commentId);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    reply.mutate(body, { onSuccess: () => (setBody(''), onDone()) });
  };
  return (
    <Stack gap="xs" component="form" onSubmit={submit}>
      <Textarea
        label={m.replyLabel}
        required
        autosize
        minRows={2}
        maxLength={COMMENT_BODY_MAX}
        value={body}
        onChange={(e) => setBody(e.currentTarget.value)}
        autoFocus
      />
      {reply.error && (
        <Alert color="red" role="alert">
          {errorText(reply.error)}
        </Alert>
      )}
      <Group justify="flex-end" gap="xs">
        <Button variant="default" size="xs" onClick={onDone}>
          {m.cancel}
        </Button>
        <Button type="submit" size="xs" loading={reply.isPending}>
          {m.sendReply}
        </Button>
      </Group>
    </Stack>
  );
}

/** A comment: its moment (choosing it plays from 3 s before), its text, its thread. */
export function CommentItem(props: {
  matchId: string;
  comment: MatchComment;
  selected: boolean;
  onPlay: (comment: MatchComment) => void;
  /** The course, when the reader may turn the moment into a jugada. */
  jugadaCourseId?: string | undefined;
}) {
  const { matchId, comment, selected, onPlay, jugadaCourseId } = props;
  const [toJugada, setToJugada] = useState(false);
  const [editing, setEditing] = useState(false);
  const [replying, setReplying] = useState(false);
  const [showHistory, setShowHistory] = useState(false);
  return (
    <Paper
      withBorder
      p="sm"
      className={classes.comment}
      data-selected={selected || undefined}
      id={`comentario-${comment.id}`}
      component="li"
    >
      <Stack gap={6}>
        <UnstyledButton
          onClick={() => onPlay(comment)}
          className={classes.moment}
          aria-label={`${m.playFrom(clockText(comment.atSeconds))}: ${commentHeading(comment)}`}
        >
          <IconPlayerPlay size={16} aria-hidden />
          <Text span fw={700} size="sm" className={classes.time}>
            {clockText(comment.atSeconds)}
          </Text>
          <Text span size="sm">
            · {m.criteria[comment.criterion]} ·
          </Text>
          <Badge variant="filled" color={comment.verdict === 'bien' ? 'green.9' : 'orange.9'} size="sm">
            {m.verdicts[comment.verdict]}
          </Badge>
        </UnstyledButton>
        {editing ? (
          <EditForm matchId={matchId} item={comment} onDone={() => setEditing(false)} />
        ) : (
          <Text size="sm" className={classes.body}>
            {comment.body}
          </Text>
        )}
        <Group gap="xs" justify="space-between" wrap="wrap">
          <Byline item={comment} onHistory={() => setShowHistory((shown) => !shown)} />
          <Group gap={4}>
            {comment.mine && !editing && (
              <Button variant="subtle" size="compact-xs" onClick={() => setEditing(true)}>
                {m.edit}
              </Button>
            )}
            {!replying && (
              <Button variant="subtle" size="compact-xs" onClick={() => setReplying(true)}>
                {m.reply}
              </Button>
            )}
            {jugadaCourseId && (
              <Button variant="subtle" size="compact-xs" onClick={() => setToJugada(true)}>
                {m.toJugada}
              </Button>
            )}
          </Group>
        </Group>
        {showHistory && <History commentId={comment.id} />}
        {comment.replies.length > 0 && (
          <Stack gap="xs" className={classes.thread} role="group" aria-label={m.repliesCount(comment.replies.length)}>
            {comment.replies.map((reply) => (
              <ReplyItem key={reply.id} matchId={matchId} reply={reply} />
            ))}
          </Stack>
        )}
        {replying && <ReplyForm matchId={matchId} commentId={comment.id} onDone={() => setReplying(false)} />}
      </Stack>
      {jugadaCourseId && toJugada && (
        <ToJugadaDialog courseId={jugadaCourseId} comment={comment} opened onClose={() => setToJugada(false)} />
      )}
    </Paper>
  );
}
