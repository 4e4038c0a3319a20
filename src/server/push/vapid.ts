import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import webpush from 'web-push';
import { privateFile, PRIVATE_FILE_MODE } from '../private-paths.ts';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The keys the push services know this server by (VAPID), kept like the auth secret:
 * VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when set (every instance of a multi-instance install
 * must share them), else a pair generated on the first start and kept in DATA_DIR. A browser
 * subscribed with one public key gets nothing signed by another, so they must never change.
 */
export async function loadVapidKeys(options: {
  dataDir: string;
  fromEnv: VapidKeys | undefined;
  /** Told when the keys come from DATA_DIR on an install that may run several instances (on PostgreSQL). */
  warnShared?: (message: string) => void;
}): Promise<VapidKeys> {
  if (options.fromEnv) return options.fromEnv;
  options.warnShared?.(
    'VAPID_PUBLIC_KEY y VAPID_PRIVATE_KEY no están definidas: los avisos al teléfono se firman con claves guardadas en DATA_DIR. Con varias instancias, definí las mismas en todas (npx web-push generate-vapid-keys), o los avisos que mande otra instancia no llegan.',
  );
  const file = path.join(options.dataDir, 'vapid-keys.json');
  try {
    const keys = JSON.parse(await readFile(file, 'utf8')) as VapidKeys;
    await privateFile(file);
    return keys;
  } catch {
    const keys = webpush.generateVAPIDKeys();
    // 'wx': of two instances starting on one data folder, the first one's pair is kept by both.
    await writeFile(file, JSON.stringify(keys), { mode: PRIVATE_FILE_MODE, flag: 'wx' }).catch(() => undefined);
    return JSON.parse(await readFile(file, 'utf8')) as VapidKeys;
  }
}
