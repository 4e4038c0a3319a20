// The badges beside a module's title: the student's state in it, how much of its video they
// watched and their jugadas score. One description for the app's badges and for the module page's
// first paint that the server draws (server/http/document.ts), so both show the same.
import { progressLabels, type ModuleProgress } from './activity-state.ts';
import { jugadaScoreText, watchedText } from './messages.ts';
import type { JugadaScore, Watched } from './schemas/content.ts';

export type BadgeColor = 'gray' | 'blue' | 'orange' | 'green' | 'grape';

export const progressColors: Record<ModuleProgress, BadgeColor> = {
  'sin-responder': 'gray',
  enviado: 'blue',
  'con-correcciones': 'orange',
  aprobado: 'green',
};

export const watchedColor = (percent: number): BadgeColor => (percent >= 100 ? 'green' : 'blue');

export const jugadaScoreColor = (score: JugadaScore): BadgeColor => (score.total > 0 && score.correct === score.total ? 'green' : 'grape');

export interface ModuleBadge {
  text: string;
  color: BadgeColor;
  /** The watched badge: an eye before the text, and the text as written (the others in capitals). */
  watched: boolean;
}

/** The module page's badges, in the order the page shows them. */
export function moduleBadges(module: {
  watched?: Watched | null;
  progress?: ModuleProgress | null;
  jugadas?: JugadaScore | null;
}): ModuleBadge[] {
  const badges: ModuleBadge[] = [];
  if (module.watched)
    badges.push({ text: watchedText(module.watched.percent), color: watchedColor(module.watched.percent), watched: true });
  if (module.progress) badges.push({ text: progressLabels[module.progress], color: progressColors[module.progress], watched: false });
  if (module.jugadas) badges.push({ text: jugadaScoreText(module.jugadas), color: jugadaScoreColor(module.jugadas), watched: false });
  return badges;
}
