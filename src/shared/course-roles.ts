// A course's team: who may do what within one course. 'Administrador' (the user's site role) may
// do everything everywhere; everyone else works in a course only through the roles they hold in
// its team, and this table is the one place that says what each role may do. The server asks it
// on every route (access/course-roles.ts); the client asks it to hide what a person cannot do.

export const staffRoles = ['instructor', 'ayudante', 'observador', 'tesoreria'] as const;
export type StaffRole = (typeof staffRoles)[number];

export const staffRoleLabels: Record<StaffRole, string> = {
  instructor: 'Instructor',
  ayudante: 'Ayudante',
  observador: 'Observador',
  tesoreria: 'Tesorería',
};

/** What each role is for, as the team's dialog explains it. */
export const staffRoleHints: Record<StaffRole, string> = {
  instructor: 'Todo el curso: contenido, exámenes, correcciones, legajos, aprobación y el equipo.',
  ayudante: 'Corrige actividades, responde el foro y toma asistencia.',
  observador: 'Registra observaciones de partidos y pruebas físicas, y lee los legajos.',
  tesoreria: 'El plan de pagos, los pagos y las cuotas vencidas.',
};

/**
 * Each thing done within a course, and the roles that may do it. A route names exactly one; an
 * administrator may do them all.
 */
export const courseActions = {
  /** See the course among one's own, its trainees' names and contact, the class board's list. */
  'curso.ver': ['instructor', 'ayudante', 'observador', 'tesoreria'],
  /** The course itself, its modules, jugadas, documents, question bank and exams. */
  'contenido.editar': ['instructor'],
  /** Exam attempts and their results, the practice's figures. */
  'examenes.resultados': ['instructor'],
  /** Correct activities. */
  'actividades.corregir': ['instructor', 'ayudante'],
  /** Answer (and moderate) the modules' forums. */
  'foro.responder': ['instructor', 'ayudante'],
  /** Classes and their attendance. */
  'asistencia.tomar': ['instructor', 'ayudante'],
  /** The class board: each trainee's state in each module. */
  'tablero.ver': ['instructor', 'ayudante'],
  /** A trainee's record (without payments for whoever cannot see them). */
  'legajo.ver': ['instructor', 'observador'],
  /** Match observations and physical tests. */
  'observaciones.registrar': ['instructor', 'observador'],
  /** Payment status ('Al día', 'Debe $3000'). */
  'pagos.ver': ['instructor', 'tesoreria'],
  /** The payment plan, payments, receipts and reminders. */
  'pagos.registrar': ['tesoreria'],
  /** Approval requirements, the acta, certificates. */
  'aprobacion.gestionar': ['instructor'],
  /** Enable or block the course and its modules for its trainees; invite trainees into it. */
  'alumnos.gestionar': ['instructor'],
  /** The course's team (never making anyone 'Administrador'). */
  'equipo.gestionar': ['instructor'],
  /** 'Registro de cambios'. */
  'registro.ver': ['instructor'],
  /** The trainees' matches on video ('Partidos'), each one's review, and the course's storage for them. */
  'partidos.ver': ['instructor', 'observador'],
  /** Comment a match at a moment (and answer in a comment's thread). */
  'partidos.comentar': ['instructor', 'observador'],
} as const satisfies Record<string, readonly StaffRole[]>;
export type CourseAction = keyof typeof courseActions;

/** Whether someone holding `roles` in a course may do `action` there. */
export function mayDo(roles: readonly StaffRole[], action: CourseAction): boolean {
  const allowed: readonly StaffRole[] = courseActions[action];
  return roles.some((role) => allowed.includes(role));
}

/** Who reads a course: an administrator, or someone holding these roles in its team. */
export type Reader = 'admin' | readonly StaffRole[];

/** Whether `reader` may do `action` in the course (an administrator may do everything). */
export const may = (reader: Reader, action: CourseAction) => reader === 'admin' || mayDo(reader, action);

/** The actions someone holding `roles` may do in a course. */
export function actionsOf(roles: readonly StaffRole[]): CourseAction[] {
  return (Object.keys(courseActions) as CourseAction[]).filter((action) => mayDo(roles, action));
}

export const isStaffRole = (value: unknown): value is StaffRole => staffRoles.includes(value as StaffRole);

/** What a change in the record of changes is about ('Registro de cambios' filters by it). */
export const changeKinds = [
  'correcciones',
  'examenes',
  'pagos',
  'acceso',
  'asistencia',
  'observaciones',
  'aprobacion',
  'certificados',
  'equipo',
  'otros',
] as const;
export type ChangeKind = (typeof changeKinds)[number];

export const changeKindLabels: Record<ChangeKind, string> = {
  correcciones: 'Correcciones',
  examenes: 'Exámenes',
  pagos: 'Pagos',
  acceso: 'Habilitaciones',
  asistencia: 'Clases y asistencia',
  observaciones: 'Observaciones y prueba física',
  aprobacion: 'Aprobación y acta',
  certificados: 'Certificados',
  equipo: 'Equipo del curso',
  otros: 'Otros cambios',
};

/** The kinds of change a reader of a trainee's record sees: payments only for whoever sees payments. */
export const changeKindsFor = (reader: Reader): ChangeKind[] =>
  may(reader, 'pagos.ver') ? [...changeKinds] : changeKinds.filter((kind) => kind !== 'pagos');
