// Which rendition of an uploaded video to play: 'Automática' looks at the connection and the
// screen, 'Ahorro de datos' takes the smallest, 'Alta' the largest. The choice is remembered on
// the device. Pure functions, so the rules are tested without a browser.
import type { VideoRendition } from '../../../shared/schemas/content.ts';

export type QualityPreference = 'auto' | 'saver' | 'high';
export const QUALITY_PREFERENCES: readonly QualityPreference[] = ['auto', 'saver', 'high'];
const STORAGE_KEY = 'aula-calidad-video';
/** 'Automática' never goes above this on a good connection: more costs data a phone does not show. */
const AUTO_MAX_HEIGHT = 720;
/** Below this downlink (Mbit/s), 'Automática' saves data. */
const SLOW_DOWNLINK_MBPS = 1.5;

/** What the browser says of the connection (Network Information API; absent in Safari and Firefox). */
export interface ConnectionInfo {
  saveData?: boolean;
  effectiveType?: string;
  downlink?: number;
}

export interface Environment {
  connection: ConnectionInfo | undefined;
  /** The screen's height in device pixels (height × devicePixelRatio). */
  screenPixels: number;
}

/** The connection asks to save data: the person turned it on, or it is slow. */
export function savesData(connection: ConnectionInfo | undefined): boolean {
  if (!connection) return false;
  if (connection.saveData) return true;
  if (connection.effectiveType && ['slow-2g', '2g', '3g'].includes(connection.effectiveType)) return true;
  return typeof connection.downlink === 'number' && connection.downlink > 0 && connection.downlink < SLOW_DOWNLINK_MBPS;
}

/**
 * The rendition to play (they come smallest first), or null when there are none yet (the
 * original is played). 'Automática': the smallest when the connection saves data, else the
 * largest no taller than the screen's pixels, at most 720p (the smallest if none fits).
 */
export function pickRendition(
  renditions: readonly VideoRendition[],
  preference: QualityPreference,
  env: Environment,
): VideoRendition | null {
  if (renditions.length === 0) return null;
  const sorted = [...renditions].sort((a, b) => a.height - b.height);
  const smallest = sorted[0]!;
  if (preference === 'saver') return smallest;
  if (preference === 'high') return sorted[sorted.length - 1]!;
  if (savesData(env.connection)) return smallest;
  const limit = Math.min(AUTO_MAX_HEIGHT, env.screenPixels > 0 ? env.screenPixels : AUTO_MAX_HEIGHT);
  return sorted.filter((rendition) => rendition.height <= limit).pop() ?? smallest;
}

/** What the server draws and the browser first shows (no connection nor screen known there): the rendition nearest 360p. */
export function firstPaintRendition(renditions: readonly VideoRendition[]): VideoRendition | null {
  if (renditions.length === 0) return null;
  return [...renditions].sort((a, b) => Math.abs(a.height - 360) - Math.abs(b.height - 360) || a.height - b.height)[0]!;
}

/** This browser's connection and screen. */
export function currentEnvironment(): Environment {
  const connection = (navigator as Navigator & { connection?: ConnectionInfo }).connection;
  return { connection, screenPixels: Math.round((window.screen?.height || window.innerHeight) * (window.devicePixelRatio || 1)) };
}

/** The preference remembered on this device ('Automática' when none, or storage is unavailable). */
export function storedPreference(): QualityPreference {
  try {
    const value = window.localStorage.getItem(STORAGE_KEY);
    return QUALITY_PREFERENCES.includes(value as QualityPreference) ? (value as QualityPreference) : 'auto';
  } catch {
    return 'auto';
  }
}

export function storePreference(preference: QualityPreference) {
  try {
    window.localStorage.setItem(STORAGE_KEY, preference);
  } catch {
    // Private mode or storage full: the choice lasts this page only.
  }
}
