// A push service on 127.0.0.1 for the tests: HTTPS with a certificate made here (web-push speaks
// only HTTPS), answering each subscription as the test says (201, 410 gone, 500), and reading
// what arrives the way a phone does: decrypted with the subscription's own keys (RFC 8291,
// aes128gcm), the VAPID header checked against the server's public key.
import { execFileSync } from 'node:child_process';
import { createDecipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, Agent, type Server } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';

export interface ReceivedPush {
  /** The subscription's path on this service ('/sub/<n>'). */
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** The decrypted payload, parsed. */
  payload: { title: string; body: string; url: string; tag: string };
}

export interface TestSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** What this subscription's endpoint answers: 201 by default. */
  status: number;
}

export interface TestPushService {
  agent: Agent;
  received: ReceivedPush[];
  /** A new browser subscription (its own P-256 key pair and 16-byte auth secret) on this service. */
  subscription(status?: number): TestSubscription;
  close(): Promise<void>;
}

/** RFC 8291 §3.4 and RFC 8188: the key and nonce from the ECDH secret, the auth secret and the record's salt. */
function decrypt(body: Buffer, ecdh: ReturnType<typeof createECDH>, auth: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const serverPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const shared = ecdh.computeSecret(serverPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), serverPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02 and zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('registro sin el delimitador final');
  return padded.subarray(0, end);
}

export async function startPushService(): Promise<TestPushService> {
  const dir = mkdtempSync(path.join(tmpdir(), 'push-service-'));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      path.join(dir, 'key.pem'),
      '-out',
      path.join(dir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
  const key = readFileSync(path.join(dir, 'key.pem'));
  const cert = readFileSync(path.join(dir, 'cert.pem'));
  rmSync(dir, { recursive: true, force: true });

  const subscribers = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: Buffer; sub: TestSubscription }>();
  const received: ReceivedPush[] = [];
  const server: Server = createServer({ key, cert }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '';
      const subscriber = subscribers.get(path);
      if (!subscriber) {
        response.writeHead(404).end();
        return;
      }
      if (subscriber.sub.status >= 400) {
        response.writeHead(subscriber.sub.status).end();
        return;
      }
      const payload = JSON.parse(
        decrypt(Buffer.concat(chunks), subscriber.ecdh, subscriber.auth).toString('utf8'),
      ) as ReceivedPush['payload'];
      received.push({ path, headers: request.headers, payload });
      response.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  let n = 0;
  return {
    agent: new Agent({ ca: cert }),
    received,
    subscription(status = 201) {
      n += 1;
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const sub: TestSubscription = {
        endpoint: `https://127.0.0.1:${port}/sub/${n}`,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
        status,
      };
      subscribers.set(`/sub/${n}`, { ecdh, auth, sub });
      return sub;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
