import { api } from '../../../lib/api.ts';

/** Tells the server an admin is looking at the module's forum (clears NUEVOS MENSAJES). */
export const markRead = (moduleId: string) => api<void>(`/api/modules/${encodeURIComponent(moduleId)}/messages/read`, { method: 'POST' });
