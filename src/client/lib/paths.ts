// The one table of client routes: every link is built here, never by hand.
export const paths = {
  login: () => '/',
  forgotPassword: () => '/forgot-password',
  resetPassword: () => '/reset-password',
  /** Where the invitation email's link lands: 'Creá tu contraseña'. */
  acceptInvitation: () => '/crear-contrasena',
  myAccount: () => '/mi-cuenta',

  adminHome: () => '/admin/home',
  /** With a course, the new trainee is enrolled in it. */
  adminCreateUser: (courseId?: string) => `/admin/users${courseId ? `?curso=${encodeURIComponent(courseId)}` : ''}`,
  adminImportUsers: (courseId?: string) => `/admin/users/import${courseId ? `?curso=${encodeURIComponent(courseId)}` : ''}`,
  adminMyAccount: () => '/admin/mi-cuenta',
  adminUsers: () => '/admin/users-activities',
  adminUserCourses: (userId: string) => `/admin/users-activities/${encodeURIComponent(userId)}/cursos`,
  adminUserModules: (userId: string, courseId: string) =>
    `/admin/users-activities/${encodeURIComponent(userId)}/cursos/${encodeURIComponent(courseId)}/modules`,
  adminUserActivity: (userId: string, courseId: string, moduleId: string) =>
    `/admin/users-activities/${encodeURIComponent(userId)}/cursos/${encodeURIComponent(courseId)}/modules/${encodeURIComponent(moduleId)}`,
  adminCourses: () => '/admin/courses',
  adminCourse: (courseId: string) => `/admin/courses/${encodeURIComponent(courseId)}`,
  adminCreateCourse: () => '/admin/create-course',
  /** With a course, the page opens on it (its module list). */
  adminCreateModule: (courseId?: string) => `/admin/create-module${courseId ? `?curso=${encodeURIComponent(courseId)}` : ''}`,
  adminUploadDocuments: (courseId?: string) => `/admin/upload-documents${courseId ? `?curso=${encodeURIComponent(courseId)}` : ''}`,
  adminForumModules: (courseId?: string) => `/admin/question-modules${courseId ? `?curso=${encodeURIComponent(courseId)}` : ''}`,
  adminForum: (moduleId: string) => `/admin/question-modules/${encodeURIComponent(moduleId)}`,
  /** With a course, the queue shows that course's submissions. */
  adminReview: (courseId?: string) => `/admin/review${courseId ? `?curso=${encodeURIComponent(courseId)}` : ''}`,
  adminCourseProgress: (courseId: string) => `/admin/courses/${encodeURIComponent(courseId)}/progreso`,
  /** With a jugada, the page opens its editor. */
  adminModuleJugadas: (moduleId: string, editJugadaId?: string) =>
    `/admin/modules/${encodeURIComponent(moduleId)}/jugadas${editJugadaId ? `?editar=${encodeURIComponent(editJugadaId)}` : ''}`,
  adminCourseJugadas: (courseId: string) => `/admin/courses/${encodeURIComponent(courseId)}/jugadas`,
  adminBank: (courseId: string) => `/admin/courses/${encodeURIComponent(courseId)}/banco`,
  adminExams: (courseId: string) => `/admin/courses/${encodeURIComponent(courseId)}/examenes`,
  adminExamResults: (examId: string) => `/admin/examenes/${encodeURIComponent(examId)}/resultados`,
  adminLessons: (courseId: string) => `/admin/courses/${encodeURIComponent(courseId)}/clases`,
  adminLesson: (courseId: string, lessonId: string) =>
    `/admin/courses/${encodeURIComponent(courseId)}/clases/${encodeURIComponent(lessonId)}`,
  /** 'Tomar asistencia': the class's changing code, to project. */
  adminLessonCode: (courseId: string, lessonId: string) =>
    `/admin/courses/${encodeURIComponent(courseId)}/clases/${encodeURIComponent(lessonId)}/asistencia`,
  adminPayments: (courseId: string) => `/admin/courses/${encodeURIComponent(courseId)}/pagos`,
  /** 'Requisitos de aprobación': who is 'Apto', the course record and the certificates. */
  adminApproval: (courseId: string) => `/admin/courses/${encodeURIComponent(courseId)}/aprobacion`,
  adminTeam: (courseId: string) => `/admin/courses/${encodeURIComponent(courseId)}/equipo`,
  adminCourseLog: (courseId: string) => `/admin/courses/${encodeURIComponent(courseId)}/registro`,
  /** The public page a licence's QR code opens: no sign-in needed. */
  verifyCertificate: (code: string) => `/verificar/${encodeURIComponent(code)}`,
  /** 'Mi cuenta' → 'Mis certificados'. */
  myCertificates: () => '/mi-cuenta/certificados',
  /** 'Mi cuenta' → 'Descargas': the modules kept on this phone to study without signal. */
  myDownloads: () => '/mi-cuenta/descargas',
  /** The trainee's page: everything about one trainee in one course. */
  adminTraineeRecord: (userId: string, courseId: string) =>
    `/admin/users-activities/${encodeURIComponent(userId)}/cursos/${encodeURIComponent(courseId)}`,

  /** 'Mis partidos': the trainee's matches on video, and 'Subir partido'. */
  myMatches: () => '/partidos',
  /** A match's page: its video and the observer's comments. */
  match: (matchId: string) => `/partidos/${encodeURIComponent(matchId)}`,
  /** A course's 'Partidos' for its staff, with its storage. */
  adminCourseMatches: (courseId: string) => `/admin/courses/${encodeURIComponent(courseId)}/partidos`,
  /** A match's page on the staff's side. */
  adminMatch: (matchId: string) => `/admin/partidos/${encodeURIComponent(matchId)}`,
  studentHome: () => '/inicio',
  courses: () => '/courses',
  course: (courseId: string) => `/${encodeURIComponent(courseId)}`,
  courseModules: (courseId: string) => `/${encodeURIComponent(courseId)}/modulos`,
  courseDocuments: (courseId: string) => `/${encodeURIComponent(courseId)}/documentos`,
  module: (courseId: string, moduleId: string) => `/${encodeURIComponent(courseId)}/${encodeURIComponent(moduleId)}/modulo`,
  moduleActivities: (courseId: string, moduleId: string) => `/${encodeURIComponent(courseId)}/${encodeURIComponent(moduleId)}/actividades`,
  moduleJugadas: (courseId: string, moduleId: string) => `/${encodeURIComponent(courseId)}/${encodeURIComponent(moduleId)}/jugadas`,
  exam: (courseId: string, moduleId: string, examId: string) =>
    `/${encodeURIComponent(courseId)}/${encodeURIComponent(moduleId)}/examen/${encodeURIComponent(examId)}`,
  practice: (courseId: string) => `/${encodeURIComponent(courseId)}/practica`,
  /** 'Marcar asistencia'; the class's QR code links here with its code filled in. */
  markAttendance: (courseId: string, code?: string) =>
    `/${encodeURIComponent(courseId)}/asistencia${code ? `?codigo=${encodeURIComponent(code)}` : ''}`,
  moduleQuestions: (courseId: string, moduleId: string) => `/${encodeURIComponent(courseId)}/${encodeURIComponent(moduleId)}/preguntas`,
} as const;
