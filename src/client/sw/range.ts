// A 206 answer cut out of a whole stored file, for the range a video player asks for (RFC 9110
// §14): one range, `bytes=a-b`, `bytes=a-` or `bytes=-n`; 416 when it is outside the file.

/** The first and last byte `header` asks of `size` bytes; null for a range the file cannot give. */
export function parseRange(header: string, size: number): { start: number; end: number } | null {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return null;
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size || end < start) return null;
  return { start, end };
}

/** `stored` as asked: whole without a Range header, else the range (206) or 416. */
export async function partialResponse(request: Request, stored: Response): Promise<Response> {
  const header = request.headers.get('range');
  if (!header) return stored;
  const body = await stored.blob();
  const range = parseRange(header, body.size);
  if (!range)
    return new Response(null, { status: 416, statusText: 'Range Not Satisfiable', headers: { 'content-range': `bytes */${body.size}` } });
  const headers = new Headers(stored.headers);
  headers.set('content-range', `bytes ${range.start}-${range.end}/${body.size}`);
  headers.set('content-length', String(range.end - range.start + 1));
  headers.set('accept-ranges', 'bytes');
  return new Response(body.slice(range.start, range.end + 1), { status: 206, statusText: 'Partial Content', headers });
}
