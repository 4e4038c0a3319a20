// Response schemas for answers that are not JSON objects, so every route documents what it returns.
import { z } from 'zod';

/** 204: the action was done and there is nothing to return. */
export const noContent = { 204: z.undefined().describe('Hecho; sin contenido') };

/** 200: the bytes of a stored file, with its own content type. */
export const fileContent = { 200: z.any().meta({ type: 'string', format: 'binary', description: 'El archivo, con su tipo de contenido' }) };

/** 200: a Server-Sent Events stream (text/event-stream) that stays open. */
export const eventStream = { 200: z.string().describe('Eventos en vivo (text/event-stream)') };
