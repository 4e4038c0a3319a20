import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';

export async function observationRoutes(_app: FastifyInstance, _ctx: AppContext) {}
