// Fastify's own log lines, in Spanish and short. At the default level (info) an operator reads
// what the server does (starting, errors, the one-time passwords printed at the first start), not
// two English lines per request: a page of the app is dozens of requests, which pushed everything
// else off the screen in minutes. Each request is one line at debug when it is answered
// (LOG_LEVEL=debug shows them; trace adds one when it arrives); a 5xx is one line at error, next to
// the error handler's line with the cause, both with the reqId that the error body gives the
// person who saw it.
import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';

/** The request's address for a log line, without the secret of a link (`?token=…`). */
const loggedUrl = (url: string) => url.replace(/([?&]token=)[^&]*/g, '$1…');

export class RequestLog extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    // The completed request says it all, in one line; a request still open (a live event stream,
    // a slow upload) shows at trace.
    request.log.trace({ method: request.method, url: loggedUrl(request.url) }, 'pedido recibido');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = { method: request.method, url: loggedUrl(request.url), statusCode: reply.statusCode, ms: Math.round(reply.elapsedTime) };
    if (error || reply.statusCode >= 500) reply.log.error({ ...line, ...(error ? { err: error } : {}) }, 'pedido respondido con error');
    else reply.log.debug(line, 'pedido respondido');
  }

  override defaultErrorLog(error: Error, request: FastifyRequest, reply: FastifyReply): void {
    // Our error handler (http/error-handler.ts) logs what it answers; this is Fastify's fallback.
    if (reply.statusCode >= 500) reply.log.error({ err: error }, 'error inesperado');
    else reply.log.debug({ err: error, statusCode: reply.statusCode }, 'pedido rechazado');
  }

  override streamError(error: Error, _request: FastifyRequest, reply: FastifyReply): void {
    // A phone that seeks in a video or leaves the page closes its download: nothing went wrong.
    if ((error as NodeJS.ErrnoException).code === 'ERR_STREAM_PREMATURE_CLOSE')
      reply.log.debug('el cliente cerró la conexión antes del final de la respuesta');
    else reply.log.warn({ err: error }, 'la respuesta se cortó por un error después de enviar sus cabeceras');
  }

  override routeNotFound(request: FastifyRequest): void {
    request.log.debug({ method: request.method, url: loggedUrl(request.url) }, 'ruta inexistente');
  }

  override writeHeadError(error: Error, _request: FastifyRequest, reply: FastifyReply): void {
    reply.log.warn({ err: error }, 'no se pudieron enviar las cabeceras de la respuesta');
  }

  override serializerError(error: Error, _request: FastifyRequest, reply: FastifyReply, metadata: { statusCode: number }): void {
    reply.log.error({ err: error, statusCode: metadata.statusCode }, 'la respuesta no coincide con su esquema');
  }

  override serviceUnavailable(logger: FastifyBaseLogger): void {
    logger.info({ statusCode: 503 }, 'pedido rechazado: el servidor se está cerrando');
  }
}
