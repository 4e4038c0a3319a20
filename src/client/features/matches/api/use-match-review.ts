import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CommentEdit, CommentHistory, CommentInput, MatchComments } from '../../../../shared/schemas/match-comments.ts';
import type { Match } from '../../../../shared/schemas/matches.ts';
import { api } from '../../../lib/api.ts';
import { useIdempotencyKeys } from '../../../lib/idempotency-key.ts';
import { matchReviewKeys } from '../../../lib/query-keys.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';

const matchUrl = (matchId: string) => `/api/matches/${encodeURIComponent(matchId)}`;

/** The match for its page; asked again every few seconds while it is uploaded or converted ('Procesando… 45 %'). */
export function useMatch(matchId: string) {
  return useQuery({
    queryKey: matchReviewKeys.match(matchId),
    queryFn: ({ signal }) => api<{ match: Match }>(matchUrl(matchId), { signal }).then((r) => r.match),
    refetchInterval: (query) => {
      const state = query.state.data?.state;
      return state === 'procesando' || state === 'subiendo' ? 5_000 : false;
    },
  });
}

/** The comments in time order with their summary; asked again each minute, so a trainee sees a new one without reloading. */
export function useMatchComments(matchId: string, enabled = true) {
  return useQuery({
    queryKey: matchReviewKeys.comments(matchId),
    queryFn: ({ signal }) => api<MatchComments>(`${matchUrl(matchId)}/comments`, { signal }),
    enabled,
    refetchInterval: 60_000,
  });
}

/** A comment's earlier versions, asked when 'Ver historial' opens. */
export function useCommentHistory(commentId: string | null) {
  return useQuery({
    queryKey: matchReviewKeys.history(commentId ?? ''),
    queryFn: ({ signal }) => api<CommentHistory>(`/api/match-comments/${encodeURIComponent(commentId!)}/history`, { signal }),
    enabled: commentId !== null,
  });
}

function useRefreshComments(matchId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: matchReviewKeys.comments(matchId) });
}

/** 'Comentar aquí' (a repeat carries the same Idempotency-Key). */
export function useAddComment(matchId: string) {
  const refresh = useRefreshComments(matchId);
  const keys = useIdempotencyKeys();
  return useSingleFlightMutation({
    mutationFn: (input: CommentInput) =>
      api<{ message: string }>(`${matchUrl(matchId)}/comments`, { method: 'POST', body: input, idempotencyKey: keys.keyFor(input) }),
    onSuccess: () => {
      keys.done();
      return refresh();
    },
    meta: { handlesOwnErrors: true },
  });
}

/** 'Responder' in a comment's thread. */
export function useReply(matchId: string, commentId: string) {
  const refresh = useRefreshComments(matchId);
  const keys = useIdempotencyKeys();
  return useSingleFlightMutation({
    mutationFn: (body: string) =>
      api<{ message: string }>(`/api/match-comments/${encodeURIComponent(commentId)}/replies`, {
        method: 'POST',
        body: { body },
        idempotencyKey: keys.keyFor(body),
      }),
    onSuccess: () => {
      keys.done();
      return refresh();
    },
    meta: { handlesOwnErrors: true },
  });
}

/** 'Editar' a comment or a reply: its author only; the history keeps what it said. */
export function useEditComment(matchId: string, commentId: string) {
  const refresh = useRefreshComments(matchId);
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (edit: CommentEdit) =>
      api<{ message: string }>(`/api/match-comments/${encodeURIComponent(commentId)}`, { method: 'PATCH', body: edit }),
    onSuccess: () => Promise.all([refresh(), queryClient.invalidateQueries({ queryKey: matchReviewKeys.history(commentId) })]),
    meta: { handlesOwnErrors: true },
  });
}
