import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Jugada, JugadaInput } from '../../../../shared/schemas/jugadas.ts';
import { api } from '../../../lib/api.ts';
import { jugadaKeys } from '../../../lib/query-keys.ts';
import { upload } from '../../../lib/upload.ts';

/** Uploads a clip (MP4 or WebM, checked by the server) and returns its id. */
export const uploadClip = (file: File, onProgress: (percent: number) => void) => {
  const form = new FormData();
  form.append('file', file);
  return upload<{ id: string; mimeType: string }>('/api/videos', form, { onProgress });
};

/** Creates a jugada (no id) or replaces one's fields. */
export function useSaveJugada(moduleId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: JugadaInput }) =>
      api<{ jugada: Jugada }>(id ? `/api/jugadas/${encodeURIComponent(id)}` : `/api/modules/${encodeURIComponent(moduleId)}/jugadas`, {
        method: id ? 'PUT' : 'POST',
        body: input,
      }).then((r) => r.jugada),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: jugadaKeys.ofModule(moduleId) }),
        queryClient.invalidateQueries({ queryKey: jugadaKeys.results(moduleId) }),
        queryClient.invalidateQueries({ queryKey: jugadaKeys.courseLists() }),
      ]),
    meta: { handlesOwnErrors: true },
  });
}

/** 'Eliminar' a jugada no student answered (the server answers 409 otherwise, shown in the dialog). */
export function useDeleteJugada(moduleId: string) {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: jugadaKeys.ofModule(moduleId) }),
      queryClient.invalidateQueries({ queryKey: jugadaKeys.results(moduleId) }),
      queryClient.invalidateQueries({ queryKey: jugadaKeys.courseLists() }),
    ]);
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api/jugadas/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: refresh,
    // Refused because a student answered meanwhile: the list then offers 'Archivar' instead.
    onError: refresh,
    meta: { handlesOwnErrors: true },
  });
}

/** 'Archivar' / 'Restaurar' a jugada: hidden from students and their scores, or back; their answers are kept. */
export function useArchiveJugada(moduleId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, archived }: { id: string; archived: boolean }) =>
      api<{ jugada: Jugada }>(`/api/jugadas/${encodeURIComponent(id)}/archived`, { method: 'PUT', body: { archived } }).then(
        (r) => r.jugada,
      ),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: jugadaKeys.ofModule(moduleId) }),
        queryClient.invalidateQueries({ queryKey: jugadaKeys.results(moduleId) }),
        queryClient.invalidateQueries({ queryKey: jugadaKeys.courseLists() }),
      ]),
    meta: { handlesOwnErrors: true },
  });
}

export function useReorderJugadas(moduleId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (jugadaIds: string[]) =>
      api<void>(`/api/modules/${encodeURIComponent(moduleId)}/jugadas/order`, { method: 'PUT', body: { jugadaIds } }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: jugadaKeys.ofModule(moduleId) }),
        queryClient.invalidateQueries({ queryKey: jugadaKeys.results(moduleId) }),
        // The course's list numbers each clip by its place in its module.
        queryClient.invalidateQueries({ queryKey: jugadaKeys.courseLists() }),
      ]),
  });
}
