import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Activity } from '../../../shared/schemas/activities.ts';
import { ApiError } from '../../lib/api.ts';
import { onReconnect } from '../../lib/connectivity.ts';
import { useWriteSent, type QueuedWrite } from '../../lib/offline-queue/index.ts';
import { saveDraftInLine, type DraftAnswers } from './api/save-answers.ts';
import { activityKeys } from '../../lib/query-keys.ts';

/** 'sin-cambios': nothing typed on this page yet, so nothing to report. */
export type SaveStatus = 'sin-cambios' | 'guardado' | 'guardando' | 'sin-conexion' | 'error';

const DEBOUNCE_MS = 800;
const RETRY_MS = 4000;
const storageKey = (activityId: string) => `aula:borradores:${activityId}`;

function readLocal(activityId: string): Record<string, string> {
  try {
    return JSON.parse(localStorage.getItem(storageKey(activityId)) ?? '{}') as Record<string, string>;
  } catch {
    return {};
  }
}

function writeLocal(activityId: string, drafts: Record<string, string>) {
  try {
    if (Object.keys(drafts).length === 0) localStorage.removeItem(storageKey(activityId));
    else localStorage.setItem(storageKey(activityId), JSON.stringify(drafts));
  } catch {
    // Private mode or a full disk: the server copy is still the source of truth.
  }
}

/**
 * What the page starts from: the server's answers, with the drafts this device had not yet saved
 * put back over them (only where the answer can still be changed). `unsaved` is those drafts.
 */
function restoreDrafts(activity: Activity): { answers: Record<string, string>; unsaved: Record<string, string> } {
  const local = readLocal(activity.id);
  const answers: Record<string, string> = {};
  for (const item of activity.items) answers[item.id] = item.answer ?? '';
  const unsaved: Record<string, string> = {};
  for (const item of activity.items) {
    const draft = local[item.id];
    if (draft !== undefined && draft !== (item.answer ?? '') && item.editable && !activity.submitted && item.correction !== true) {
      answers[item.id] = draft;
      unsaved[item.id] = draft;
    }
  }
  return { answers, unsaved };
}

/** Drops from this device's storage the drafts the server now has (unless they were typed over since). */
function forgetSavedDrafts(activityId: string, batch: Record<string, string>) {
  const local = readLocal(activityId);
  for (const [itemId, answer] of Object.entries(batch)) if (local[itemId] === answer) delete local[itemId];
  writeLocal(activityId, local);
}

/** A failure worth retrying on its own: no connection, or the server is down for now. */
function isConnectionError(error: unknown): boolean {
  return !(error instanceof ApiError) || error.status === 0 || error.status >= 500;
}

/**
 * A draft the phone's line of writes kept reached the server (now, or from an earlier page): its
 * copy on this device goes, the activity is the server's, and `saved` is told.
 */
function useDraftsSentByLine(moduleId: string, activityId: string | undefined, saved: () => void) {
  const queryClient = useQueryClient();
  const onSent = useRef(saved);
  useEffect(() => {
    onSent.current = saved;
  });
  const listener = useCallback(
    (write: QueuedWrite, response: unknown) => {
      if (write.context.kind !== 'activity-draft' || write.context.moduleId !== moduleId || !activityId) return;
      const sent = (write.body as { answers: DraftAnswers }).answers;
      forgetSavedDrafts(activityId, Object.fromEntries(sent.map(({ itemId, answer }) => [itemId, answer])));
      queryClient.setQueryData(activityKeys.mine(moduleId), (response as { activity: Activity }).activity);
      onSent.current();
    },
    [activityId, moduleId, queryClient],
  );
  useWriteSent(listener);
}

/**
 * Keeps what the student types: every change goes to this device's storage at once and to
 * the server after a short pause; when the connection drops it retries until it gets through,
 * so nothing written is lost across reloads, devices or a flaky connection. When the server
 * refuses the draft because the activity changed elsewhere (sent or corrected from another tab
 * or device: 409), the current activity is loaded again and `changedElsewhere` says so.
 */
export function useAutosave(moduleId: string, activity: Activity | undefined) {
  const queryClient = useQueryClient();
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<SaveStatus>('sin-cambios');
  const [changedElsewhere, setChangedElsewhere] = useState(false);
  const pending = useRef<Record<string, string>>({});
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inFlight = useRef<Promise<void> | null>(null);
  const activityId = activity?.id;

  // Start from the server's answers, then re-apply drafts this device had not yet saved.
  useEffect(() => {
    if (!activity) return;
    const { answers: next, unsaved } = restoreDrafts(activity);
    setAnswers(next);
    pending.current = unsaved;
    setStatus(Object.keys(unsaved).length > 0 ? 'guardando' : 'sin-cambios');
    writeLocal(activity.id, unsaved);
    if (Object.keys(unsaved).length > 0) schedule(0);
    // Only when a different activity (or a new version after submit/correction) arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [activity?.id, activity?.submitted, activity?.correctedAt]);

  const flush = useCallback(async (): Promise<void> => {
    if (!activityId) return;
    while (inFlight.current) await inFlight.current;
    const batch = pending.current;
    if (Object.keys(batch).length === 0) return;
    pending.current = {};
    setStatus('guardando');
    const entries = Object.entries(batch).map(([itemId, answer]) => ({ itemId, answer }));
    const run = saveDraftInLine(moduleId, queryClient.getQueryData<Activity>(activityKeys.mine(moduleId)), entries).then(
      (saved) => {
        // No signal: the phone's line of writes keeps the batch and sends it when the signal is back.
        if (!saved) return setStatus('sin-conexion');
        queryClient.setQueryData(activityKeys.mine(moduleId), saved);
        forgetSavedDrafts(activityId, batch);
        const more = Object.keys(pending.current).length > 0;
        setStatus(more ? 'guardando' : 'guardado');
        if (more) schedule(DEBOUNCE_MS);
      },
      (error: unknown) => {
        if (error instanceof ApiError && error.status === 409) {
          // Sent or corrected in another tab: these drafts cannot be saved any more. Show what is current.
          pending.current = {};
          writeLocal(activityId, {});
          setStatus('sin-cambios');
          setChangedElsewhere(true);
          void queryClient.invalidateQueries({ queryKey: activityKeys.mine(moduleId) });
          throw error;
        }
        // Put the batch back under anything typed since, and try again later (a server that could not answer).
        pending.current = { ...batch, ...pending.current };
        const offline = isConnectionError(error);
        setStatus(offline ? 'sin-conexion' : 'error');
        if (offline) schedule(RETRY_MS);
        throw error;
      },
    );
    inFlight.current = run.then(
      () => undefined,
      () => undefined,
    );
    try {
      await run;
    } finally {
      inFlight.current = null;
    }
    // schedule is a plain function over refs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [activityId, moduleId, queryClient]);

  function schedule(delay: number) {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void flush().catch(() => undefined), delay);
  }

  const change = (itemId: string, answer: string) => {
    setAnswers((current) => ({ ...current, [itemId]: answer }));
    pending.current = { ...pending.current, [itemId]: answer };
    if (activityId) writeLocal(activityId, { ...readLocal(activityId), [itemId]: answer });
    setStatus((s) => (s === 'sin-conexion' ? s : 'guardando'));
    schedule(DEBOUNCE_MS);
  };

  // Back online: send what is waiting right away.
  useEffect(() => {
    const stop = onReconnect(() => schedule(0));
    return () => {
      stop();
      clearTimeout(timer.current);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [flush]);

  const hasPending = () => Object.keys(pending.current).length > 0;
  useDraftsSentByLine(moduleId, activityId, () => {
    if (!hasPending() && !inFlight.current) setStatus('guardado');
  });

  /** The activity changed elsewhere (the page's submit got a 409 too): reload it and say so. */
  const reloadAfterConflict = useCallback(() => {
    setChangedElsewhere(true);
    return queryClient.invalidateQueries({ queryKey: activityKeys.mine(moduleId) });
  }, [moduleId, queryClient]);

  return {
    answers,
    change,
    status,
    flush,
    hasPending,
    changedElsewhere,
    reloadAfterConflict,
    dismissChange: () => setChangedElsewhere(false),
  };
}
