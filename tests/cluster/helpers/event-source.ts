// An event stream client that reconnects as the browser's EventSource does (the forum's client
// uses EventSource): when the stream ends or breaks it waits the last `retry:` the server sent
// and opens it again at the same address, sending Last-Event-ID when the server gave ids.
// Node's fetch cannot send the session cookie through the built-in EventSource, hence this.

export interface StreamEvent {
  event: string;
  data: string;
  /** When it arrived (Date.now()). */
  at: number;
}

export interface ReconnectingStream {
  /** Times (Date.now()) at which a connection was answered 200. */
  opens: number[];
  /** Times at which an open connection ended or broke. */
  drops: number[];
  /** The X-Request-Id of each answered connection, in order (which instance served it is in its logs). */
  requestIds: string[];
  /** Waits for an event matching `predicate` (from any connection); fails after `timeoutMs`. */
  waitFor(predicate: (event: StreamEvent) => boolean, timeoutMs?: number): Promise<StreamEvent>;
  /** Waits until the stream has been answered `count` times in all. */
  waitForOpens(count: number, timeoutMs?: number): Promise<void>;
  close(): void;
}

export function openReconnectingStream(url: string, headers: Record<string, string>): ReconnectingStream {
  const events: StreamEvent[] = [];
  const opens: number[] = [];
  const drops: number[] = [];
  const requestIds: string[] = [];
  let retryMs = 3000; // the EventSource default until the server says otherwise
  let lastEventId: string | undefined;
  let closed = false;
  let controller = new AbortController();
  const waiters = new Set<() => void>();
  const wake = () => {
    for (const waiter of waiters) waiter();
  };

  async function connectOnce() {
    controller = new AbortController();
    const response = await fetch(url, {
      headers: { accept: 'text/event-stream', ...headers, ...(lastEventId ? { 'last-event-id': lastEventId } : {}) },
      signal: controller.signal,
    });
    // Like EventSource: a refusal (not 200 text/event-stream) ends it for good.
    if (response.status !== 200 || !response.body) {
      closed = true;
      throw new Error(`stream rechazado: ${response.status} ${await response.text()}`);
    }
    requestIds.push(response.headers.get('x-request-id') ?? '');
    opens.push(Date.now());
    wake();
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    let event = 'message';
    let data: string[] = [];
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n')) >= 0) {
          const line = buffer.slice(0, end).replace(/\r$/, '');
          buffer = buffer.slice(end + 1);
          if (line === '') {
            if (data.length > 0) events.push({ event, data: data.join('\n'), at: Date.now() });
            event = 'message';
            data = [];
            wake();
          } else if (line.startsWith('event:')) event = line.slice(6).trim();
          else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
          else if (line.startsWith('id:')) lastEventId = line.slice(3).trim();
          else if (line.startsWith('retry:') && /^\d+$/.test(line.slice(6).trim())) retryMs = Number(line.slice(6).trim());
        }
      }
    } finally {
      drops.push(Date.now());
    }
  }

  void (async () => {
    while (!closed) {
      try {
        await connectOnce();
      } catch {
        // A broken connection (the instance died) is like an ended one: reconnect after `retry`.
      }
      if (closed) break;
      await new Promise((resolve) => setTimeout(resolve, retryMs));
    }
  })();

  function until(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
    return new Promise((resolve, reject) => {
      const done = () => {
        if (!check()) return;
        clearTimeout(timer);
        waiters.delete(done);
        resolve();
      };
      const timer = setTimeout(() => {
        waiters.delete(done);
        reject(new Error(`${what}: no llegó en ${timeoutMs} ms`));
      }, timeoutMs);
      waiters.add(done);
      done();
    });
  }

  return {
    opens,
    drops,
    requestIds,
    async waitFor(predicate, timeoutMs = 5000) {
      let found: StreamEvent | undefined;
      await until(() => (found = events.find(predicate)) !== undefined, timeoutMs, 'evento');
      events.splice(events.indexOf(found!), 1);
      return found!;
    },
    waitForOpens: (count, timeoutMs = 5000) => until(() => opens.length >= count, timeoutMs, `conexión ${count}`),
    close() {
      closed = true;
      controller.abort();
    },
  };
}
