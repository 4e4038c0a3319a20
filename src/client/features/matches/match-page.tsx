import { useRef, useState } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { Alert, Anchor, Grid, Group, Progress, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { dayText } from '../../../shared/calendar.ts';
import { matchMessages, matchReviewMessages as m } from '../../../shared/messages.ts';
import type { MatchComment } from '../../../shared/schemas/match-comments.ts';
import type { Match } from '../../../shared/schemas/matches.ts';
import { LoadError } from '../../components/load-error.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { paths } from '../../lib/paths.ts';
import { useMatch, useMatchComments } from './api/use-match-review.ts';
import { CommentItem, CommentSummary, commentHeading, NewCommentForm } from './components/match-comments.tsx';
import { MatchPlayer, type PlayerControl, type TimelineMark } from './components/match-player.tsx';
import classes from './components/match-comments.module.css';

/** Choosing a comment plays from this long before its second: the play that led to it. */
const LEAD_IN_SECONDS = 3;
/** One frame when the match does not say its rate: phones record at 30 (or 25, 60). */
const DEFAULT_FRAME_SECONDS = 1 / 30;

function MatchSkeleton() {
  return (
    <Stack gap="md" aria-hidden>
      <Skeleton height={32} width="60%" />
      <Skeleton radius="md" style={{ aspectRatio: '16 / 9', height: 'auto' }} />
      <Skeleton height={80} />
    </Stack>
  );
}

/** 'Fecha · Categoría · Curso', then who refereed: the uploader and the pair. */
function MatchFacts({ match }: { match: Match }) {
  const who = `${m.uploadedBy} ${match.uploadedBy.name}${match.partner ? ` · ${m.pair}: ${match.partner.name}` : ''}`;
  return (
    <Stack gap={2} mb="sm">
      <Text size="sm">{[dayText(match.playedOn), match.category, match.courseName].filter(Boolean).join(' · ')}</Text>
      <Text size="sm" c="dimmed">
        {who}
      </Text>
    </Stack>
  );
}

/** The video is not ready: uploading, 'Procesando… 45 %' (the page asks again by itself) or why it failed. */
function NotReady({ match }: { match: Match }) {
  if (match.state === 'fallida') {
    return (
      <Alert color="red" title={matchMessages.stateFailed}>
        {match.processingError ?? m.processingFailed} {m.failedHint}
      </Alert>
    );
  }
  const processing = match.state === 'procesando';
  return (
    <Stack gap="xs" role="status">
      <Text fw={600}>{processing ? matchMessages.stateProcessing(match.processingPercent) : matchMessages.stateUploading}</Text>
      {processing && <Progress value={match.processingPercent ?? 0} aria-label={matchMessages.stateProcessing(match.processingPercent)} />}
      <Text size="sm" c="dimmed">
        {processing ? m.processingHint : m.uploadingHint}
      </Text>
    </Stack>
  );
}

/**
 * A match's page ('/partidos/{id}'): the player with the timeline of comments, and beside it (below
 * it on a phone) the summary per criterion and the comments in time order, each with its thread.
 * Choosing a comment plays from 3 s before it.
 */
export function MatchPage() {
  const { matchId = '' } = useParams<{ matchId: string }>();
  // The staff's side has the page too (/admin/partidos/{id}), in their own frame.
  const [location] = useLocation();
  const staffSide = location.startsWith('/admin/');
  const match = useMatch(matchId);
  const ready = match.data?.state === 'lista';
  const comments = useMatchComments(matchId, Boolean(match.data));
  const control = useRef<PlayerControl | null>(null);
  const [commentAt, setCommentAt] = useState<number | null>(null);
  const [selected, setSelected] = useState<string | null>(null);

  if (match.isPending) return <MatchSkeleton />;
  if (match.error) return <LoadError error={match.error} notFoundText={matchMessages.matchNotFound} onRetry={() => void match.refetch()} />;
  const data = match.data;
  const list = comments.data?.comments ?? [];
  const play = (comment: MatchComment) => {
    setSelected(comment.id);
    control.current?.playFrom(Math.max(0, comment.atSeconds - LEAD_IN_SECONDS));
  };
  const marks: TimelineMark[] = list.map((c) => ({ id: c.id, atSeconds: c.atSeconds, verdict: c.verdict, label: commentHeading(c) }));
  const chooseMark = (id: string) => {
    const comment = list.find((c) => c.id === id);
    if (!comment) return;
    play(comment);
    document.getElementById(`comentario-${id}`)?.scrollIntoView({ block: 'nearest' });
  };

  return (
    <>
      <Anchor component={Link} href={staffSide ? paths.adminCourseMatches(data.courseId) : paths.myMatches()} size="sm" mb="xs">
        <Group gap={4}>
          <IconArrowLeft size={16} aria-hidden /> {staffSide ? `Partidos · ${data.courseName}` : m.backToList}
        </Group>
      </Anchor>
      <PageTitle>{data.title}</PageTitle>
      <MatchFacts match={data} />
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          {ready && data.streamUrl ? (
            <MatchPlayer
              streamUrl={data.streamUrl}
              originalUrl={data.originalUrl}
              posterUrl={data.posterUrl}
              title={data.title}
              durationHint={data.durationSeconds}
              frameSeconds={data.frameRate ? 1 / data.frameRate : DEFAULT_FRAME_SECONDS}
              marks={marks}
              onMark={chooseMark}
              onCommentHere={comments.data?.canComment ? setCommentAt : undefined}
              control={control}
            />
          ) : (
            <NotReady match={data} />
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="sm" component="section" aria-labelledby="comentarios">
            <Title order={2} size="h3" id="comentarios">
              {m.comments}
            </Title>
            {commentAt !== null && <NewCommentForm matchId={matchId} atSeconds={commentAt} onDone={() => setCommentAt(null)} />}
            {comments.error && <LoadError error={comments.error} onRetry={() => void comments.refetch()} />}
            {comments.data && <CommentSummary summary={comments.data.summary} />}
            {comments.data && list.length === 0 && (
              <Text size="sm" c="dimmed">
                {m.commentsEmpty} {comments.data.canComment && ready ? m.commentsEmptyStaff : ''}
              </Text>
            )}
            <ol className={classes.list}>
              {list.map((comment) => (
                <CommentItem
                  key={comment.id}
                  matchId={matchId}
                  comment={comment}
                  selected={selected === comment.id}
                  onPlay={play}
                  jugadaCourseId={comments.data?.canMakeJugadas ? data.courseId : undefined}
                />
              ))}
            </ol>
          </Stack>
        </Grid.Col>
      </Grid>
    </>
  );
}
