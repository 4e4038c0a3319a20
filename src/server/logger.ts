import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';

const LISTENING = 'Escuchando en ';

/**
 * Fastify's line for each address it listens on (Fastify's `listenTextResolver`). With
 * HOST=0.0.0.0 that is every network interface, internal ones included: the server's logger
 * writes them at debug, and says once, at info, the address people use (PUBLIC_URL).
 */
export const listeningText = (address: string) => `${LISTENING}${address}`;

/** A failed query's parameters, which the database layer writes at the end of its message ("params: …"). */
const QUERY_PARAMS = /\nparams: [\s\S]*$/;
/** A constraint's detail repeats the values it refused: "Key (token)=(…) already exists". */
const DETAIL_VALUES = /=\((?:[^()]|\([^()]*\))*\)/g;
/** Where the error happened, which can quote a parameter: "unnamed portal parameter $1 = '…'". */
const PARAMETER_VALUES = /= '(?:[^']|'')*'/g;
/** SQLSTATE classes whose messages quote the value refused: data exceptions (22) and integrity violations (23). */
const REFUSED_VALUE = /^2[23]/;
const QUOTED = /"(?:[^"]|"")*"/g;

/**
 * An error as a log line writes it, with its causes: its type, message, frames and own fields,
 * without what a failed query carried (session tokens, password hashes, reset and invitation
 * tokens and emails are its parameters) nor the values a constraint's detail repeats. The query
 * itself stays: its values are placeholders.
 */
export function loggedError(error: unknown, depth = 0): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) };
  const { params: _params, cause, ...fields } = error as Error & Record<string, unknown>;
  let message = error.message.replace(QUERY_PARAMS, '\nparams: (no se registran)');
  // A value the database refused is quoted in its message ('invalid input syntax for type integer: "…"').
  if (typeof fields.code === 'string' && REFUSED_VALUE.test(fields.code)) message = message.replace(QUOTED, '"…"');
  const frames = error.stack?.indexOf('\n    at ') ?? -1;
  const logged: Record<string, unknown> = {
    type: error.constructor.name,
    ...fields,
    message,
    // The stack starts with the message again: only its frames.
    stack: frames >= 0 ? error.stack!.slice(frames + 1) : undefined,
  };
  if (typeof fields.detail === 'string') logged.detail = fields.detail.replace(DETAIL_VALUES, '=(…)');
  if (typeof fields.where === 'string') logged.where = fields.where.replace(PARAMETER_VALUES, "= '…'");
  if (cause !== undefined && depth < 5) logged.cause = loggedError(cause, depth + 1);
  return logged;
}

/** The server's logger: JSON lines (pino) at LOG_LEVEL, on standard output or `destination`. */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options: LoggerOptions = {
    level,
    base: { app: 'aula-virtual' },
    serializers: { err: (error: unknown) => loggedError(error), error: (error: unknown) => loggedError(error) },
    hooks: {
      logMethod(args, method, levelValue) {
        if (levelValue === this.levels.values.info && typeof args[0] === 'string' && args[0].startsWith(LISTENING)) {
          this.debug(args[0]);
          return;
        }
        method.apply(this, args);
      },
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
