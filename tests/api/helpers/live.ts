import type { ReadableStreamReadResult } from 'node:stream/web';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** Starts the app on a free loopback port (event streams need a real connection) and returns its base URL. */
export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

export interface ServerEvent {
  event: string;
  data: string;
}

export interface EventStream {
  status: number;
  headers: Headers;
  /** The body when the server refused the stream (JSON error). */
  body: string;
  /** Reads the stream until an event matching `predicate` arrives; fails after `timeoutMs`. */
  waitFor(predicate: (event: ServerEvent) => boolean, timeoutMs?: number): Promise<ServerEvent>;
  close(): void;
}

/** Opens a Server-Sent Events stream the way the browser's EventSource does, with the session cookie. */
export async function openEventStream(baseUrl: string, path: string, cookie?: string): Promise<EventStream> {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}${path}`, {
    headers: { accept: 'text/event-stream', ...(cookie ? { cookie } : {}) },
    signal: controller.signal,
  });
  const close = () => controller.abort();
  if (response.status !== 200 || !response.body) {
    const body = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      body,
      waitFor: () => Promise.reject(new Error(`stream refused: ${response.status}`)),
      close,
    };
  }

  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const queue: ServerEvent[] = [];
  // A read left waiting by a timed-out wait is picked up by the next one, so no chunk is lost.
  let pendingRead: Promise<ReadableStreamReadResult<Uint8Array>> | undefined;

  function parse() {
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith('event: ')) event = line.slice(7);
        else if (line.startsWith('data: ')) data.push(line.slice(6));
      }
      if (data.length > 0) queue.push({ event, data: data.join('\n') });
    }
  }

  async function waitFor(predicate: (event: ServerEvent) => boolean, timeoutMs = 5000): Promise<ServerEvent> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const index = queue.findIndex(predicate);
      if (index >= 0) return queue.splice(index, 1)[0]!;
      const remaining = deadline - Date.now();
      if (remaining <= 0) throw new Error(`no llegó el evento esperado en ${timeoutMs} ms`);
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timeout = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), remaining);
      });
      pendingRead ??= reader.read();
      const chunk = await Promise.race([pendingRead, timeout]);
      clearTimeout(timer);
      if (chunk === 'timeout') throw new Error(`no llegó el evento esperado en ${timeoutMs} ms`);
      pendingRead = undefined;
      if (chunk.done) throw new Error('el servidor cerró el stream');
      buffer += decoder.decode(chunk.value, { stream: true });
      parse();
    }
  }

  return { status: response.status, headers: response.headers, body: '', waitFor, close };
}
