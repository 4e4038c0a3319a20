/** The body of `response` as a Blob, read chunk by chunk so the bytes received so far can be shown. */
export async function readBody(response: Response, onBytes: (received: number) => void, fallbackType = ''): Promise<Blob> {
  const type = response.headers.get('content-type') ?? fallbackType;
  if (!response.body) return new Blob([await response.arrayBuffer()], { type });
  const reader = response.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value as Uint8Array<ArrayBuffer>);
    received += value.byteLength;
    onBytes(received);
  }
  return new Blob(chunks, { type });
}
