// The query keys of every feature, one factory per resource. Each factory belongs to the
// feature that fetches the data; another feature whose action changes that data invalidates
// through the same factory, so nobody spells another feature's keys by hand. Keys go from the
// general to the particular, so a prefix invalidates a whole family (every user's course list,
// every page of the user list).

export const sessionKeys = {
  current: ['session'] as const,
};

/** The signed-in user's own settings ('Mi cuenta', feature: account). */
export const accountKeys = {
  all: ['account'] as const,
  emailPreferences: () => [...accountKeys.all, 'email-preferences'] as const,
  /** 'Avisos': per kind, notice and email; this person's phones that receive notices. */
  noticePreferences: () => [...accountKeys.all, 'notice-preferences'] as const,
  push: () => [...accountKeys.all, 'push'] as const,
  /** 'Calendario': the private feed's address. */
  calendar: () => [...accountKeys.all, 'calendar'] as const,
};

/** The course lists and single courses (features: courses; lib/use-courses). */
export const courseKeys = {
  all: ['courses'] as const,
  /** GET /api/courses: every course for an admin, the enabled ones for a student. */
  list: () => [...courseKeys.all, 'list'] as const,
  detail: (courseId: string) => [...courseKeys.all, 'detail', courseId] as const,
  /** GET /api/courses/overview: each course with what waits in it (the admin's Cursos page and home tiles). */
  overview: () => [...courseKeys.all, 'overview'] as const,
};

/** Modules (features: modules; lib/use-module). */
export const moduleKeys = {
  all: ['modules'] as const,
  /** A course's modules with their questions, as the admin edits them. */
  ofCourse: (courseId: string) => [...moduleKeys.all, 'of-course', courseId] as const,
  /** A course's modules as the signed-in student sees them, with their state in each. */
  mine: (courseId: string) => [...moduleKeys.all, 'mine', courseId] as const,
  detail: (moduleId: string) => [...moduleKeys.all, 'detail', moduleId] as const,
};

/** Users as the admin sees them (feature: users). */
export const userKeys = {
  all: ['users'] as const,
  lists: () => [...userKeys.all, 'list'] as const,
  list: (search: string, page: number) => [...userKeys.lists(), { search, page }] as const,
  detail: (userId: string) => [...userKeys.all, 'detail', userId] as const,
  /** Every user's course list: a new or renamed course changes all of them. */
  courseLists: () => [...userKeys.all, 'courses'] as const,
  courses: (userId: string) => [...userKeys.courseLists(), userId] as const,
  /** Every user's module list of one course: a new, renamed or reordered module changes all of them. */
  moduleListsOfCourse: (courseId: string) => [...userKeys.all, 'modules', courseId] as const,
  modules: (userId: string, courseId: string) => [...userKeys.moduleListsOfCourse(courseId), userId] as const,
  /** A user's results at a course's exams. */
  exams: (userId: string, courseId: string) => [...userKeys.all, 'exams', courseId, userId] as const,
};

/** Activities: the student's own, one student's as the admin reviews it, the review queue (feature: activities). */
export const activityKeys = {
  all: ['activities'] as const,
  mine: (moduleId: string) => [...activityKeys.all, 'mine', moduleId] as const,
  ofUser: (userId: string, moduleId: string) => [...activityKeys.all, 'of-user', userId, moduleId] as const,
  reviewQueue: () => [...activityKeys.all, 'review-queue'] as const,
};

/** The module forums (feature: forum). */
export const forumKeys = {
  all: ['forum'] as const,
  messages: (moduleId: string) => [...forumKeys.all, 'messages', moduleId] as const,
  modulesOfCourse: (courseId: string) => [...forumKeys.all, 'modules', courseId] as const,
  /** Every course's module forums, those with new messages first. */
  allModules: () => [...forumKeys.all, 'all-modules'] as const,
};

/** A course's documents (feature: documents). */
export const documentKeys = {
  all: ['documents'] as const,
  ofCourse: (courseId: string) => [...documentKeys.all, 'of-course', courseId] as const,
};

/** The class progress board of a course (feature: progress). A correction or an access change moves it. */
export const progressKeys = {
  all: ['progress'] as const,
  ofCourse: (courseId: string) => [...progressKeys.all, courseId] as const,
  /** `outcome`: the 'Habilitación' filter ('' for all). */
  page: (courseId: string, search: string, page: number, outcome = '') =>
    [...progressKeys.ofCourse(courseId), { search, page, outcome }] as const,
};

/** Jugadas: the student's, a module's as the admin edits them, the class results, a course's option lists (feature: jugadas). */
export const jugadaKeys = {
  all: ['jugadas'] as const,
  mine: (moduleId: string) => [...jugadaKeys.all, 'mine', moduleId] as const,
  ofModule: (moduleId: string) => [...jugadaKeys.all, 'of-module', moduleId] as const,
  results: (moduleId: string) => [...jugadaKeys.all, 'results', moduleId] as const,
  ofUser: (userId: string, moduleId: string) => [...jugadaKeys.all, 'of-user', userId, moduleId] as const,
  options: (courseId: string) => [...jugadaKeys.all, 'options', courseId] as const,
  /** 'Jugadas del curso' of every course, each filtered by a tag ('' for all): refreshed by any jugada's change. */
  courseLists: () => [...jugadaKeys.all, 'of-course'] as const,
  ofCourse: (courseId: string, tag: string) => [...jugadaKeys.courseLists(), courseId, tag] as const,
};

/** A course's question bank as the admin edits it (feature: bank); the exam form reads it apart (examKeys.bank). */
export const bankKeys = {
  all: ['bank'] as const,
  ofCourse: (courseId: string) => [...bankKeys.all, courseId] as const,
  list: (courseId: string, filters: { search: string; chapter: string; archived: boolean }) =>
    [...bankKeys.ofCourse(courseId), filters] as const,
};

/** Rules exams: a course's as the admin edits them, a module's and one exam as the student sees them, attempts, results (feature: exams). */
export const examKeys = {
  all: ['exams'] as const,
  ofCourse: (courseId: string) => [...examKeys.all, 'of-course', courseId] as const,
  /** The exams on a module's page, with the signed-in student's state in each (the module page's buttons). */
  ofModule: (moduleId: string) => [...examKeys.all, 'of-module', moduleId] as const,
  mine: (examId: string) => [...examKeys.all, 'mine', examId] as const,
  attempt: (attemptId: string) => [...examKeys.all, 'attempt', attemptId] as const,
  results: (examId: string) => [...examKeys.all, 'results', examId] as const,
  /** The course's active bank questions, as the exam form picks from them. */
  bank: (courseId: string) => [...examKeys.all, 'bank', courseId] as const,
};

/** 'Practicar reglamento': the signed-in trainee's practice of a course's bank (feature: practice). */
export const practiceKeys = {
  all: ['practice'] as const,
  ofCourse: (courseId: string) => [...practiceKeys.all, courseId] as const,
};

/**
 * Clases presenciales (feature: lessons): a course's classes, one class with its list, its changing
 * code; and the class running now in a course with the signed-in trainee's status (their course
 * page's 'Marcar asistencia' button, feature: courses).
 */
export const lessonKeys = {
  all: ['lessons'] as const,
  ofCourse: (courseId: string) => [...lessonKeys.all, 'of-course', courseId] as const,
  detail: (lessonId: string) => [...lessonKeys.all, 'detail', lessonId] as const,
  code: (lessonId: string) => [...lessonKeys.all, 'code', lessonId] as const,
  current: (courseId: string) => [...lessonKeys.all, 'current', courseId] as const,
};

/**
 * The trainee's record: the admin's trainee page (feature: record) and the trainee's own in 'Mi
 * cuenta' (feature: account). A change to any part of a trainee's record (attendance, a payment,
 * the physical test, an observation) refreshes `ofTrainee` (its history too).
 */
export const recordKeys = {
  all: ['record'] as const,
  ofTrainee: (courseId: string, userId: string) => [...recordKeys.all, 'trainee', courseId, userId] as const,
  mine: () => [...recordKeys.all, 'mine'] as const,
};

/**
 * Prueba física: the course's test (its name and minimum; feature: courses) and a trainee's results
 * on their page (feature: record). Changing the minimum judges every result of the course again:
 * `ofCourse` refreshes them all.
 */
export const fitnessKeys = {
  all: ['fitness'] as const,
  test: (courseId: string) => [...fitnessKeys.all, 'test', courseId] as const,
  ofCourse: (courseId: string) => [...fitnessKeys.all, 'trainee', courseId] as const,
  ofTrainee: (courseId: string, userId: string) => [...fitnessKeys.ofCourse(courseId), userId] as const,
};

/** Observaciones de partido: a trainee's, on their page (feature: record). */
export const observationKeys = {
  all: ['observations'] as const,
  ofTrainee: (courseId: string, userId: string) => [...observationKeys.all, courseId, userId] as const,
};

/**
 * Pagos (feature: payments): a course's plan, trainees and payments. A payment also moves the
 * trainee's record, the class board and, when it enables modules, the trainee's module list.
 */
export const paymentKeys = {
  all: ['payments'] as const,
  ofCourse: (courseId: string) => [...paymentKeys.all, courseId] as const,
};

/**
 * Certificados: a course's, as its instructor lists them on the approval page (feature: approval),
 * the signed-in user's own ('Mis certificados', feature: certificates), and a code's public answer.
 * Issuing or revoking refreshes `all`: the course's list, the approval page's counts and anyone's own.
 */
export const certificateKeys = {
  all: ['certificates'] as const,
  ofCourse: (courseId: string) => [...certificateKeys.all, 'of-course', courseId] as const,
  mine: () => [...certificateKeys.all, 'mine'] as const,
  verification: (code: string) => [...certificateKeys.all, 'verification', code] as const,
};

/**
 * Acta del curso (feature: approval): a course's closed records and whether it is open. Closing or
 * correcting one also moves the approval page's outcomes (frozen while a record is in force).
 */
export const courseRecordKeys = {
  all: ['course-records'] as const,
  ofCourse: (courseId: string) => [...courseRecordKeys.all, courseId] as const,
};

/**
 * 'Requisitos de aprobación' and who is 'Apto' (feature: approval; the course record, certificates
 * and renewal sections of the same page refresh it after what they change). Any change to a
 * trainee's results can move an outcome: the page reads it again when it opens.
 */
export const approvalKeys = {
  all: ['approval'] as const,
  ofCourse: (courseId: string) => [...approvalKeys.all, courseId] as const,
};

/**
 * 'Curso de actualización' (feature: approval): how many holders a renewal of a course would enrol,
 * and its renewal courses. Under the certificates' keys: issuing or revoking one changes the count.
 */
export const renewalKeys = {
  ofCourse: (courseId: string) => [...certificateKeys.all, 'renewal', courseId] as const,
};

/** 'Equipo del curso' (feature: team): the team, and the people the dialog finds. A change also changes the courses' overview (the reader's roles). */
export const teamKeys = {
  all: ['team'] as const,
  ofCourse: (courseId: string) => [...teamKeys.all, courseId] as const,
  candidates: (courseId: string, query: string) => [...teamKeys.all, courseId, 'candidates', query] as const,
};

/** 'Registro de cambios' (feature: course-log): one page with its filters. Every change writes an entry: read again when the page opens. */
export const courseLogKeys = {
  all: ['course-log'] as const,
  page: (courseId: string, filters: string, page: number) => [...courseLogKeys.all, courseId, filters, page] as const,
};

/** A match's page (feature: matches): the match as its page shows it, its comments and a comment's history. */
export const matchReviewKeys = {
  all: ['match-review'] as const,
  match: (matchId: string) => [...matchReviewKeys.all, 'match', matchId] as const,
  comments: (matchId: string) => [...matchReviewKeys.all, 'comments', matchId] as const,
  history: (commentId: string) => [...matchReviewKeys.all, 'history', commentId] as const,
};

/** 'Mis partidos' and a course's 'Partidos' (feature: matches). */
export const matchKeys = {
  all: ['matches'] as const,
  mine: () => [...matchKeys.all, 'mine'] as const,
  ofCourse: (courseId: string) => [...matchKeys.all, 'course', courseId] as const,
};
