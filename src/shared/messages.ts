// Every Spanish text the server sends and the client shows for a rule, in one place.
// Texts from the spec are kept word for word (with correct accents, per PRODUCT.md).
// Texts about a limit are built from the limit's own constant, so they cannot disagree.

const count = new Intl.NumberFormat('es-AR');

/** "El nombre no puede tener más de 120 caracteres": `what` is the subject, capitalised. */
export const tooLong = (what: string, max: number) => `${what} no puede tener más de ${count.format(max)} caracteres`;

/** "La imagen no puede pesar más de 5 MB." */
export const tooHeavy = (what: string, maxBytes: number) =>
  `${what} no puede pesar más de ${count.format(Math.round(maxBytes / (1024 * 1024)))} MB.`;

/** "Un módulo puede tener como máximo 100 preguntas" */
export const tooMany = (what: string, max: number, items: string) => `${what} puede tener como máximo ${count.format(max)} ${items}`;

/** "Demasiados intentos de inicio de sesión. Esperá 4 segundos y volvé a intentar." */
export const loginWait = (seconds: number) => {
  const minutes = Math.ceil(seconds / 60);
  const wait = seconds < 90 ? `${seconds} ${seconds === 1 ? 'segundo' : 'segundos'}` : `${minutes} minutos`;
  return `Demasiados intentos de inicio de sesión. Esperá ${wait} y volvé a intentar.`;
};

/** 'Visto 80 %': how much of the module video the student watched; 'Visto —' while the video's length is not known. */
export const watchedText = (percent: number | null) => (percent === null ? 'Visto —' : `Visto ${percent} %`);

/** 'Jugadas: 3 de 5 correctas': the jugadas a student got right on the first attempt. */
export const jugadaScoreText = (score: { correct: number; total: number }) =>
  `Jugadas: ${score.correct} de ${score.total} ${score.total === 1 ? 'correcta' : 'correctas'}`;

/** What waits for an admin: '3 por corregir'. */
export const awaitingCorrectionText = (count: number) => `${count} por corregir`;
/** '2 módulos con mensajes nuevos'. */
export const newMessagesText = (count: number) => (count === 1 ? '1 módulo con mensajes nuevos' : `${count} módulos con mensajes nuevos`);

/** The accessible name of a module's or a jugada's video player. */
export const videoLabel = (title: string) => `Video: ${title}`;

export const messages = {
  // The course's record of changes: a correction given or changed (`module` already quoted as the caller needs it).
  enrolledLog: 'Alta en el curso, con su primer módulo habilitado',
  traineeCourseRequired: 'Elegí el curso en el que se inscribe.',
  onlyAdminsCreateAdmins: 'Solo un administrador puede dar de alta a otro administrador.',
  courseAccessLog: (enabled: boolean) => (enabled ? 'Curso habilitado' : 'Curso bloqueado'),
  moduleAccessLog: (module: string, enabled: boolean) => `Módulo "${module}" ${enabled ? 'habilitado' : 'bloqueado'}`,
  moduleAccessForAllLog: (module: string, enabled: boolean, students: number) =>
    `Módulo "${module}" ${enabled ? 'habilitado' : 'bloqueado'} para todos (${students === 1 ? '1 alumno' : `${students} alumnos`})`,
  correctionLog: (module: string, right: number, total: number) => `Corrección de "${module}": ${right} de ${total} correctas`,
  correctionChangedLog: (module: string, right: number, total: number) =>
    `Corrección de "${module}" modificada: ${right} de ${total} correctas`,
  // The spec's texts.
  required: 'Este campo es obligatorio',
  requiredField: 'Este campo es requerido',
  invalidEmail: 'Por favor revisar el email',
  wrongLogin: 'Email o contraseña inválidos',
  /** Under an empty answer, after 'Enviar' said every question needs one. */
  answerMissing: 'Falta tu respuesta',
  currentPasswordWrong: 'La contraseña actual no es correcta.',
  passwordChanged: 'Contraseña cambiada',
  passwordChangedDetail: 'Las demás sesiones abiertas con tu cuenta se cerraron.',
  nameSaved: 'Se guardó tu nombre.',
  /** The login page, after the server ended the session of someone working. */
  sessionLapsed: 'Tu sesión venció. Ingresá de nuevo.',
  retry: 'Reintentar',
  resetInvalidEmail: 'Email inválido',
  resetSent: 'Revisa tu email',
  userCreated: '¡Usuario Creado!',
  userCreateFailed: 'Error, inténtelo nuevamente',
  incomplete: 'Verificar que esté todo completo',
  selectCourse: 'Debes seleccionar un curso',
  courseCreated: 'El curso se creó con éxito',
  moduleCreated: 'El módulo se creó con éxito',
  unanswered: 'Para enviar tenés que contestar todas las preguntas',
  answersSaved: 'Tus respuestas fueron guardadas',
  correctionSaved: 'Se envió la corrección',

  // Accounts and passwords.
  resetDone: 'Tu contraseña fue cambiada. Ya podés iniciar sesión.',
  resetLinkInvalid: 'El enlace para recuperar la contraseña no es válido o ya venció. Pedí uno nuevo.',
  passwordsDoNotMatch: 'Las contraseñas no coinciden',
  emailTaken: 'Ya existe un usuario con ese email.',

  // Invitations.
  invitationSent: 'Le enviamos un email con el enlace para que elija su contraseña.',
  invitationInvalid: 'El enlace de invitación no es válido, ya se usó o venció. Pedile al instructor que te envíe otro.',
  invitationAlreadyAccepted: 'Este usuario ya eligió su contraseña: puede recuperarla desde "¿Olvidaste tu contraseña?".',
  invitationResent: 'Invitación enviada.',

  // Class lists (CSV import).
  importEmpty: 'El archivo está vacío.',
  importNotCsv: 'El archivo debe ser un CSV (texto separado por comas o punto y coma), como lo guarda Excel.',
  importColumns: 'La primera fila debe tener los títulos de las columnas nombre y email.',
  importNoRows: 'El archivo no tiene alumnos: después de la fila de títulos no hay filas.',
  importUnreadable: (line: number) => `No pudimos leer el archivo en la línea ${count.format(line)}: revisá las comillas.`,
  importTooManyRows: (max: number) => `El archivo puede tener como máximo ${count.format(max)} alumnos.`,
  importTooHeavy: (maxBytes: number) => tooHeavy('El archivo', maxBytes),
  importMissingName: 'Falta el nombre',
  importInvalidEmail: 'Email inválido',
  importDuplicate: (line: number) => `Email repetido en el archivo (ya está en la fila ${count.format(line)})`,
  importRegistered: 'Ya existe un usuario con ese email',
  importNothingValid: 'No hay filas válidas para importar: corregí el archivo y volvé a subirlo.',
  importDone: (created: number, failed: number) =>
    `${count.format(created)} ${created === 1 ? 'alumno creado' : 'alumnos creados'}, ${count.format(failed)} ${failed === 1 ? 'fila' : 'filas'} con errores`,

  // Email preferences.
  preferencesSaved: 'Tus preferencias de email se guardaron.',

  // What does not exist.
  notFound: 'No encontramos lo que buscás.',
  routeNotFound: 'La ruta pedida no existe.',
  userNotFound: 'El usuario no existe.',
  courseNotFound: 'El curso no existe.',
  moduleNotFound: 'El módulo no existe.',
  activityNotFound: 'La actividad no existe.',
  documentNotFound: 'El documento no existe.',
  messageNotFound: 'El mensaje no existe.',

  // Content rules.
  invalidId: 'El identificador no es válido.',
  moduleOrderInvalid: 'La lista debe incluir cada módulo del curso una sola vez.',
  invalidVideo: 'Ingresá una dirección de YouTube, un id de video de YouTube o la dirección (https) de un archivo de video',
  emptyQuestion: 'La pregunta no puede estar vacía',
  writeQuestionFirst: 'Escribí la pregunta antes de agregarla.',
  accessChoice: 'Indicá si se habilita o se bloquea',
  invalidPage: 'La página debe ser 1 o más',

  // Activities.
  questionNotInActivity: 'Una de las preguntas no pertenece a esta actividad.',
  markEveryAnswer: 'Marcá cada respuesta como correcta o incorrecta.',
  staleCorrection:
    'Otro administrador guardó una corrección de esta actividad mientras la revisabas. Recargá la página para ver la versión actual.',
  alreadySubmitted: 'Ya enviaste tus respuestas: esperá la corrección.',
  activityChangedElsewhere:
    'Esta actividad cambió en otra pestaña o en otro dispositivo. Cargamos la versión actual: revisala antes de seguir.',
  answerLocked: 'Esa respuesta ya no se puede modificar.',
  nothingToSubmit: 'No hay respuestas para enviar.',
  notAwaitingCorrection: 'Esta actividad no está esperando corrección.',
  notCorrectedYet: 'Esta actividad todavía no tiene una corrección para modificar.',
  resubmittedSinceCorrection:
    'El alumno volvió a enviar sus respuestas después de la corrección: corregí la nueva entrega. Recargá la página para verla.',
  correctionChanged: 'Se guardó la corrección modificada',

  // Jugadas.
  jugadaNotFound: 'La jugada no existe.',
  videoNotFound: 'El video no existe.',
  jugadaOptionEmpty: 'Una opción no puede estar vacía.',
  jugadaOptionListEmpty: 'Cada lista necesita al menos una opción.',
  jugadaOptionDuplicate: 'Una lista no puede repetir una opción.',
  jugadaOptionUnknown: 'Una de las opciones no pertenece a este curso.',
  jugadaOptionInUse: 'No se puede quitar una opción que ya usa una jugada o una respuesta.',
  jugadaYoutubeInvalid: 'Ingresá una dirección de YouTube o un id de video de YouTube.',
  jugadaChooseDecision: 'Elegí una decisión.',
  jugadaChooseSanction: 'Elegí una sanción.',
  jugadaMarkMoment: 'Marcá el momento de la infracción',
  jugadaWatchFirst: 'Mirá la jugada antes de responder.',
  jugadaTolerance: 'La tolerancia debe ser de más de 0 y hasta 60 segundos.',
  jugadaEndBeforeStart: '"Hasta" debe ser mayor que "Desde".',
  jugadaMomentOutside: 'El momento debe estar entre "Desde" y "Hasta".',
  jugadaOrderInvalid: 'La lista debe incluir cada jugada del módulo una sola vez.',
  jugadaDecisionUnknown: 'La decisión elegida no es una opción de este curso.',
  jugadaSanctionUnknown: 'La sanción elegida no es una opción de este curso.',
  jugadaTagEmpty: 'Una etiqueta no puede estar vacía.',
  jugadaUseChoice: 'Elegí el uso de la jugada: práctica, examen o ambos.',
  jugadaExamNeedsFile: 'Una jugada de examen necesita un video subido: uno de YouTube no se puede servir en las condiciones del examen',
  jugadaExamNeedsEnd: 'Una jugada de examen necesita un final conocido: completá "Hasta" (no se pudo leer la duración del video subido).',
  videoType: 'El video debe ser MP4 o WebM.',

  // Module videos and how much of them each student watched.
  moduleVideoMissing: 'Ingresá la dirección del video o subí un archivo de video.',
  moduleVideoBoth: 'Elegí una sola fuente de video: una dirección o un archivo subido.',
  moduleVideoNoFile: 'Este módulo no tiene un video subido.',
  watchedDuration: 'La duración del video debe ser un número de segundos mayor que 0 y de hasta 24 horas.',
  moduleVideoDuration: 'Escribí la duración como mm:ss (o h:mm:ss): entre 0:10 y 24:00:00.',
  watchedPosition: 'La posición debe ser un número de segundos entre 0 y la duración del video.',
  watchedInterval:
    'Cada tramo visto debe ser un par de números [desde, hasta], con desde menor o igual que hasta, dentro de la duración del video.',
  watchedTooMany: 'Se pueden enviar como máximo 200 tramos vistos por vez.',

  // Archive, delete, deactivate.
  courseHasWork:
    'Este curso tiene trabajo de alumnos (respuestas o mensajes): no se puede eliminar. Archivalo para ocultarlo sin perder nada.',
  moduleHasWork:
    'Este módulo tiene trabajo de alumnos (respuestas o mensajes): no se puede eliminar. Archivalo para ocultarlo sin perder nada.',
  jugadaHasAnswers:
    'Esta jugada ya tiene respuestas de alumnos, en la práctica o en un examen: no se puede eliminar. Archivala para ocultarla sin perder nada.',
  archiveChoice: 'Indicá si se archiva o se restaura',
  activeChoice: 'Indicá si se activa o se desactiva',
  cannotDeactivateSelf: 'No podés desactivar tu propio usuario.',
  userDeactivated: 'Tu usuario está desactivado. Consultá con tu instructor.',

  // Forum.
  writeMessage: 'Escribí un mensaje.',
  writeMessageFirst: 'Escribí un mensaje antes de enviarlo.',
  forumCursorInvalid: 'La posición pedida del historial del foro no es válida.',
  forumLimitInvalid: 'La cantidad de mensajes por página debe ser un número entero entre 1 y 200.',

  // Uploads.
  uploadNotMultipart: 'Enviá el archivo como multipart/form-data.',
  uploadOneFile: 'Enviá un solo archivo por vez.',
  uploadMissingFile: 'Falta el archivo.',
  uploadMissingName: 'Falta el nombre.',
  uploadEmpty: 'El archivo está vacío.',
  uploadMalformed: 'El envío del archivo llegó incompleto o dañado. Volvé a intentarlo.',
  imageType: 'La imagen debe ser JPG, PNG o WebP.',
  documentType: 'El archivo debe ser PDF, Word, Excel, PowerPoint, OpenDocument, una imagen (JPG, PNG, WebP) o un video MP4.',

  // Requests in general.
  unauthorized: 'Tenés que iniciar sesión para continuar.',
  forbidden: 'No tenés permiso para hacer esto.',
  badRequest: 'Los datos enviados no son válidos.',
  invalidJson: 'El cuerpo de la solicitud no es JSON válido.',
  nulByte: 'El texto enviado tiene un carácter no permitido (NUL).',
  payloadTooLarge: 'El contenido enviado es demasiado grande.',
  unsupportedMediaType: 'El tipo de contenido enviado no es compatible.',
  tooManyRequests: 'Demasiadas solicitudes. Esperá unos minutos y volvé a intentar.',
  internal: 'Ocurrió un error inesperado. Intentá de nuevo en unos minutos.',
  databaseUnavailable: 'La base de datos no responde. Intentá de nuevo en unos momentos.',
  diskFull: 'No hay espacio en el servidor. Avisá al administrador.',
  storageUnavailable: 'El almacenamiento de archivos no responde. Intentá de nuevo en unos minutos.',
  fileMissing: 'El archivo ya no está disponible.',
  network: 'No pudimos conectarnos con el servidor. Revisá tu conexión.',
  // The phone's line of writes made without signal (client/lib/offline-queue).
  savedOnPhone: 'Guardado en el teléfono: se envía al volver la señal',
  writesWaiting: (n: number) => (n === 1 ? '1 cambio esperando señal' : `${n} cambios esperando señal`),
  writeRefused: (what: string, question: string | undefined, module: string | undefined, reason: string) =>
    `${what.startsWith('tus ') ? 'No se pudieron enviar' : 'No se pudo enviar'} ${what}${question ? ` a «${question}»` : ''}${module ? ` del módulo «${module}»` : ''}: ${reason}`,
  queueNoOwner: 'Nadie ingresó en este teléfono: no hay a quién guardarle el cambio.',
  examNotOffline: 'Sin conexión no se puede empezar un examen: el reloj corre en el servidor. Volvé a intentar con señal.',
  leaveUnsaved: 'Tenés cambios sin guardar. Si salís ahora, se pierden. ¿Querés salir igual?',
  idempotencyKeyInvalid: 'La cabecera Idempotency-Key no es válida: usá de 8 a 100 letras, números, guiones o guiones bajos.',
  idempotencyKeyReused: 'Esa clave Idempotency-Key ya se usó para otro pedido distinto.',
  requestInProgress: 'Tu pedido anterior todavía se está procesando. Esperá unos segundos y volvé a intentar.',
  // Video players (the app's and the module page's first paint from the server).
  videoUnsupported: 'Tu navegador no puede mostrar este video.',
  videoOpenElsewhere: 'Abrilo en otra pestaña',
  youtubeFailed: 'No se pudo cargar el video de YouTube. Revisá tu conexión y recargá la página.',
  /** Under a module's YouTube video whose player script could not load (a school filter, a privacy extension). */
  youtubeNotTracked:
    'El video se puede ver, pero no se está registrando cuánto viste: tu red o tu navegador bloquean el reproductor de YouTube.',
  /** Any date the product stores: classes, results, payments, exam times. */
  dateOutOfRange: (first: number, last: number) => `La fecha tiene que estar entre los años ${first} y ${last}.`,
} as const;

export type MessageKey = keyof typeof messages;

/** '80 %': the number and its sign never split over two lines. */
const percent = (value: number) => `${value}\u00a0%`;
/** When a question answered right comes back, by the days its box waits. */
const comesBackIn = (days: number) =>
  days === 0 ? 'hoy' : days === 1 ? 'mañana' : days === 7 ? 'en una semana' : days === 14 ? 'en dos semanas' : `en ${days} días`;
const dateTime = (iso: string) =>
  new Intl.DateTimeFormat('es-AR', {
    dateStyle: 'long',
    timeStyle: 'short',
    hourCycle: 'h23',
    timeZone: 'America/Argentina/Buenos_Aires',
  }).format(new Date(iso));

/** Evaluaciones: the question bank, the rules exams and practice. */
export const examMessages = {
  requiredField: messages.requiredField,
  invalidId: 'El identificador no es válido.',
  wholeNumber: (what: string) => `${what} tiene que ser un número entero.`,
  between: (what: string, min: number, max: number) => `${what} tiene que estar entre ${count.format(min)} y ${count.format(max)}.`,
  invalidDate: 'La fecha no es válida.',
  // Banco de preguntas.
  optionsMin: 'Una pregunta necesita al menos dos opciones.',
  correctMissing: 'Marcá al menos una opción correcta.',
  correctUnknown: 'Una opción marcada como correcta no existe.',
  correctRepeated: 'Una opción correcta está repetida.',
  bankQuestionNotFound: 'La pregunta no existe.',
  bankQuestionUsed: 'Esta pregunta ya se usó en un intento de examen: no se puede borrar. Podés archivarla.',
  bankQuestionCreated: 'La pregunta se guardó.',
  bankQuestionDeleted: 'La pregunta se borró.',
  editionRetired: (edition: number, archived: number) =>
    `${archived} ${archived === 1 ? 'pregunta' : 'preguntas'} de la edición ${edition} ${archived === 1 ? 'quedó archivada' : 'quedaron archivadas'}.`,
  imported: (imported: number, invalid: number) =>
    `${imported} ${imported === 1 ? 'pregunta importada' : 'preguntas importadas'}, ${invalid} ${invalid === 1 ? 'fila con errores' : 'filas con errores'}`,
  importNothingValid: 'Ninguna fila del archivo es válida: no se importó nada.',
  importColumns:
    'El archivo tiene que tener las columnas pregunta, a, b, correctas y capitulo (y, si querés, c, d, e, regla y explicacion).',
  importNotJson: 'El archivo JSON no se puede leer: tiene que ser una lista de preguntas.',
  bankQuestionArchived: 'La pregunta se archivó: no aparece en exámenes nuevos ni en la práctica.',
  bankQuestionRestored: 'La pregunta volvió al banco.',
  bankFull: (max: number) => `${tooMany('El banco de preguntas de un curso', max, 'preguntas')}, contando las archivadas.`,
  importNotText:
    'El archivo debe ser un CSV (texto separado por comas o punto y coma, como lo guarda Excel), un JSON o preguntas de Moodle en formato GIFT o XML.',
  importNoQuestions: 'El archivo no tiene preguntas: después de la fila de títulos no hay filas.',
  importTooManyQuestions: (max: number) => `El archivo puede tener como máximo ${count.format(max)} preguntas.`,
  importMissingText: 'Falta la pregunta.',
  importMissingChapter: 'Falta el capítulo.',
  importMissingCorrect: 'Faltan las correctas: escribí las letras de las opciones correctas (por ejemplo, a o a,c).',
  importOptionGap: (letter: string) => `Falta la opción ${letter}: completá las opciones en orden, sin saltear columnas.`,
  importLetterInvalid: (text: string) => `En correctas, «${text}» no es una letra de opción (de la a a la e).`,
  importLetterNotOption: (letter: string) => `En correctas, la letra ${letter} no es una de las opciones de esta pregunta.`,
  importRepeated: (line: number) => `Pregunta repetida en el archivo (ya está en la fila ${count.format(line)}).`,
  importInBank: 'Esta pregunta ya está en el banco del curso.',
  importJsonRow: 'Este elemento de la lista no es una pregunta: tiene que ser un objeto con pregunta, a, b, correctas y capitulo.',
  // Importar preguntas de Moodle (GIFT y XML): each question the file has, by the line it starts on.
  importUnknownFormat:
    'No reconocemos el archivo: tiene que ser un CSV o JSON con las columnas pregunta, a, b, correctas y capitulo, o preguntas de Moodle en formato GIFT (.gift o .txt) o XML (.xml).',
  importNoMoodleQuestions: 'El archivo no tiene preguntas: sólo categorías o comentarios.',
  importXmlUnreadable: (line: number) =>
    `El XML no se puede leer (línea ${count.format(line)}): revisá que esté completo, tal como lo exporta Moodle.`,
  importXmlNotMoodle: 'El XML no es un archivo de preguntas de Moodle: tiene que tener las preguntas dentro de <quiz>.',
  importMoodleKind: (kind: string) =>
    `Pregunta de tipo ${kind}: el banco sólo tiene preguntas de opción múltiple y de verdadero o falso, así que no se importa.`,
  /** The kinds of Moodle question the bank has no place for, by their name in Moodle XML (GIFT's use the same). */
  moodleKinds: {
    essay: 'ensayo',
    matching: 'emparejamiento',
    numerical: 'numérica',
    shortanswer: 'respuesta corta',
    description: 'descripción (no tiene respuestas)',
    cloze: 'cloze (respuestas incrustadas)',
    multianswer: 'cloze (respuestas incrustadas)',
    calculated: 'calculada',
    calculatedsimple: 'calculada simple',
    calculatedmulti: 'calculada de opción múltiple',
    ddwtos: 'arrastrar y soltar sobre texto',
    ddimageortext: 'arrastrar y soltar sobre una imagen',
    ddmarker: 'arrastrar y soltar marcadores',
    gapselect: 'seleccionar palabras faltantes',
    randomsamatch: 'emparejamiento aleatorio',
    random: 'aleatoria',
    ordering: 'ordenamiento',
  } as Record<string, string>,
  /** A kind of Moodle question with no name above: its own name, quoted. */
  moodleOtherKind: (type: string) => `«${type}»`,
  importMoodleTooManyOptions: (options: number, max: number) =>
    `Tiene ${count.format(options)} opciones y una pregunta del banco puede tener como máximo ${count.format(max)}: no se importa.`,
  importMoodleEmptyOption: (letter: string) => `La opción ${letter} está vacía.`,
  importMoodleNoRight: 'Ninguna opción es correcta: en Moodle la correcta va con = o con un porcentaje positivo (por ejemplo %50%).',
  importMoodleNoCategory:
    'Falta el capítulo: poné la categoría antes de la pregunta ($CATEGORY: Regla 8 en GIFT, o una pregunta de tipo category en el XML).',
  importGiftTitleOpen: 'El título no está cerrado: después de ::título tiene que ir otro ::.',
  importGiftAnswersOpen: 'Las respuestas no están cerradas: falta la } después de la {.',
  importGiftSeveralBlocks: 'Tiene más de un bloque de respuestas { }: el banco no tiene preguntas con varios huecos.',
  importGiftAnswersUnreadable: 'No se entienden las respuestas: cada opción empieza con = (la correcta) o con ~ (una incorrecta).',
  importRepeatedLine: (line: number) => `Pregunta repetida en el archivo (ya está en la línea ${count.format(line)}).`,
  importedMoodle: (imported: number, skipped: number) =>
    `${imported} ${imported === 1 ? 'pregunta importada' : 'preguntas importadas'}, ${skipped} ${skipped === 1 ? 'no se importó' : 'no se importaron'}`,
  /** A true-or-false question's options in the bank (GIFT {T}/{F}, Moodle XML truefalse). */
  trueOption: 'Verdadero',
  falseOption: 'Falso',
  // Exportar: the course's active questions, as a file to download.
  exportLabel: 'Exportar',
  exportMenuLabel: 'Descargar las preguntas activas',
  exportFormats: {
    csv: { label: 'CSV (Excel)', description: 'Las mismas columnas que para importar' },
    gift: { label: 'GIFT (Moodle)', description: 'Texto, con una categoría por capítulo' },
    xml: { label: 'XML de Moodle', description: 'Con una categoría por capítulo' },
  },
  exportHeader: (course: string, questions: number) =>
    `Banco de preguntas de «${course}» (${count.format(questions)} ${questions === 1 ? 'pregunta' : 'preguntas'}), exportado de Aula Virtual`,
  // The import dialog, for Moodle's files.
  importMoodleHelp:
    'También sirven preguntas exportadas de Moodle, en formato GIFT (.gift o .txt) o XML (.xml): de opción múltiple (una o varias correctas) y de verdadero o falso. La categoría de cada pregunta es su capítulo; la retroalimentación va a la explicación. Las de otro tipo se muestran y no se importan.',
  importFileLabel: 'Archivo CSV, JSON, GIFT o XML',
  bankEmptyText:
    'Los exámenes y la práctica del curso sacan sus preguntas de acá. Escribilas una por una o importalas de un archivo CSV o JSON, o de Moodle (GIFT o XML).',
  importLineColumn: 'Línea',
  importMoodleSummary: (ready: number, skipped: number) =>
    `${count.format(ready)} ${ready === 1 ? 'pregunta lista' : 'preguntas listas'} para importar, ${count.format(skipped)} que no se ${skipped === 1 ? 'importa' : 'importan'}`,
  importMoodleSkippedNote: 'Las preguntas marcadas no se importan.',
  // Exámenes.
  moduleMissing: 'Elegí el módulo donde aparece el examen.',
  criticalNotFixed: 'Las preguntas críticas tienen que estar entre las fijas.',
  tooManyFixed: 'Hay más preguntas fijas que la cantidad de preguntas del examen.',
  perChapterOver: 'Las preguntas fijas y las de cada capítulo suman más que la cantidad de preguntas del examen.',
  closesBeforeOpens: 'El examen tiene que cerrar después de abrir.',
  releaseNeedsClose: 'Para mostrar los resultados cuando cierre el examen, indicá cuándo cierra.',
  bankTooSmall: (available: number) => `El banco tiene ${count.format(available)} preguntas activas para este examen: no alcanzan.`,
  chapterTooSmall: (chapter: string, available: number) =>
    `El capítulo «${chapter}» tiene ${count.format(available)} preguntas activas: no alcanzan.`,
  fixedUnknown: 'Una pregunta fija no está en el banco de este curso (o está archivada).',
  timeMissing: 'Indicá el tiempo del examen, en minutos.',
  examNotFound: 'El examen no existe.',
  examCreated: 'El examen se creó.',
  examSaved: 'El examen se guardó.',
  examStarted: 'El examen ya tiene intentos: sólo se pueden cambiar las fechas y cuándo se muestran los resultados.',
  examHasOpenAttempt: 'Hay un intento en curso de este examen: no se puede borrar hasta que termine.',
  examDeleted: 'El examen se borró.',
  /** The record of changes: an exam deleted with its results, for the course and for each trainee who had sat it. */
  examDeletedLog: (title: string, trainees: number) =>
    `Examen «${title}» borrado${trainees === 0 ? ', sin intentos entregados' : `, con los resultados de ${trainees === 1 ? '1 alumno' : `${count.format(trainees)} alumnos`}`}`,
  examResultDeletedLog: (title: string, attempts: number, bestPercent: number, passed: boolean) =>
    `Examen «${title}» borrado: se borró su resultado (${attempts === 1 ? '1 intento' : `${count.format(attempts)} intentos`}, mejor nota ${bestPercent} %, ${passed ? 'aprobado' : 'no aprobado'})`,
  examScheduleLog: (title: string, opensAt: string | null, closesAt: string | null) =>
    `Examen «${title}»: ${opensAt ? `abre el ${dateTime(opensAt)}` : 'abierto sin fecha de inicio'}, ${closesAt ? `cierra el ${dateTime(closesAt)}` : 'sin fecha de cierre'}`,
  examNotOpenYet: (opensAt: string) => `El examen abre el ${dateTime(opensAt)}.`,
  examClosed: 'El examen está cerrado.',
  noAttemptsLeft: 'No te quedan intentos',
  tryAgainOn: (at: string) => `Podés volver a intentarlo el ${dateTime(at)}.`,
  attemptNotFound: 'El intento no existe.',
  attemptClosed: 'El tiempo del examen terminó: tus respuestas hasta ese momento quedaron entregadas.',
  attemptSubmitted: 'Ya entregaste este examen.',
  answerUnknownOption: 'Una opción marcada no existe en esta pregunta.',
  questionUnknown: 'Esa pregunta no está en el examen.',
  // Examen de video.
  poolTooSmall: (available: number) =>
    `El curso tiene ${count.format(available)} ${available === 1 ? 'jugada' : 'jugadas'} para examen: no alcanzan. Marcá más jugadas con uso «Examen» o «Ambos».`,
  tagTooSmall: (tag: string, available: number) =>
    `La etiqueta «${tag}» tiene ${count.format(available)} ${available === 1 ? 'jugada' : 'jugadas'} para examen: no alcanzan.`,
  fixedClipUnknown: 'Una jugada fija no es una jugada para examen de este curso (o está archivada).',
  clipUnknown: 'Esa jugada no está en el examen.',
  clipPassed: 'Esta jugada ya pasó: el examen siguió con la próxima.',
  clipNotCurrent: 'Todavía no llegaste a esta jugada.',
  noViewsLeft: 'Ya usaste las vistas de esta jugada.',
  clipPlaying: 'La jugada se está reproduciendo.',
  watchFirst: 'Mirá la jugada antes de responder.',
  clipAnswered: 'Ya respondiste esta jugada.',
  answerWindowClosed: 'Se terminó el tiempo para responder esta jugada: cuenta como incorrecta.',
  clipOptionUnknown: 'Esa decisión o sanción no está en las listas del curso.',
  clipOf: (position: number, total: number) => `Jugada ${position} de ${total}`,
  viewsOf: (used: number, allowed: number) => `Vistas: ${used} de ${allowed}`,
  answerNow: (seconds: number) => `Respondé: ${seconds === 1 ? 'queda 1 s' : `quedan ${Math.max(0, seconds)} s`}`,
  videoSummary: (clips: number, views: number, seconds: number, pass: number, attempt: number, attempts: number) =>
    `${clips} ${clips === 1 ? 'jugada' : 'jugadas'} · ${views === 1 ? '1 vista' : `${views} vistas`} por jugada · ${seconds} s para responder · aprobás con ${percent(pass)} · intento ${attempt} de ${attempts}`,
  clipViewingInvalid: 'Falta la vista de la jugada (un número desde 1).',
  loadingClip: 'Cargando la jugada…',
  clipNotLoaded: 'No se pudo cargar la jugada. Revisá la conexión: se vuelve a intentar sola.',
  tagRight: (tag: string, right: number, total: number) => `${tag}: ${right} de ${total}`,
  // The trainee's screens.
  summary: (questions: number, minutes: number, pass: number, attempt: number, attempts: number) =>
    `${questions} preguntas · ${minutes} minutos · aprobás con ${percent(pass)} · intento ${attempt} de ${attempts}`,
  questionOf: (position: number, total: number) => `Pregunta ${position} de ${total}`,
  markAll: 'Marcá todas las correctas',
  timeLeft: (seconds: number) => {
    const s = Math.max(0, Math.floor(seconds));
    return `Quedan ${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
  },
  passed: 'Aprobado',
  failed: 'No aprobado',
  score: (value: number) => `Nota: ${percent(value)}`,
  offlineAnswers: 'Sin conexión: tus respuestas se guardan y se envían al volver la señal',
  /** Read out to screen readers once, when the last minute starts. */
  oneMinuteLeft: 'Queda 1 minuto',
  timeUp: 'Se terminó el tiempo: ya no se pueden cambiar las respuestas.',
  submitUnanswered: (unanswered: number) =>
    unanswered === 0
      ? 'Respondiste todas las preguntas. Una vez entregado, no vas a poder cambiar tus respuestas.'
      : `Te ${unanswered === 1 ? 'queda 1 pregunta' : `quedan ${unanswered} preguntas`} sin responder: cuentan como incorrectas. Una vez entregado, no vas a poder cambiar tus respuestas.`,
  rightOf: (right: number, total: number) => `${right} de ${total} ${total === 1 ? 'correcta' : 'correctas'}`,
  criticalMissed: 'Respondiste mal una pregunta crítica: el examen no se aprueba aunque la nota alcance.',
  countingBadge: 'Es el que cuenta',
  resultsCaption: 'Cada alumno con su mejor intento entregado: es el que cuenta',
  /** Before another attempt, once one passed: the pass is kept. */
  passKept: (attempt: number, score: number) =>
    `Ya aprobaste este examen (intento ${attempt}, ${percent(score)}). Cuenta tu mejor intento: si lo volvés a rendir, la aprobación no se pierde.`,
  /** Before another attempt, none passed yet. */
  bestSoFar: (attempt: number, score: number) => `Cuenta tu mejor intento: hasta ahora, el ${attempt}, con ${percent(score)}.`,
  /** Under an attempt that is not the one that counts. */
  otherAttemptCounts: (attempt: number, score: number, passed: boolean) =>
    passed
      ? `Este intento no cambia tu resultado: el examen sigue aprobado con tu intento ${attempt} (${percent(score)}). Cuenta tu mejor intento.`
      : `Cuenta tu mejor intento: el ${attempt}, con ${percent(score)}.`,
  /** The staff's reading of a trainee's attempts. */
  theirBestCounts: (score: number, passed: boolean) =>
    `Cuenta su mejor intento: ${percent(score)}, ${passed ? 'aprobado' : 'no aprobado'}. Elegí un intento para ver sus respuestas.`,
  resultsLater: 'Vas a ver las respuestas correctas y sus explicaciones cuando cierre el examen.',
  answerNotSaved: (message: string) => `Una respuesta no se pudo guardar: ${message}`,
  /** A date and time as the exam's texts give them ('3 de marzo de 2026, 18:00'). */
  when: (iso: string) => dateTime(iso),
  opensOn: (iso: string) => `Abre el ${dateTime(iso)}`,
  closesOn: (iso: string) => `Cierra el ${dateTime(iso)}`,
  // Practicar reglamento.
  markOne: 'Marcá al menos una opción.',
  dueToday: (due: number) => `Para hoy: ${due} ${due === 1 ? 'pregunta' : 'preguntas'}`,
  practiceTitle: 'Practicar reglamento',
  practiceNotCounted: 'La práctica no cuenta para el examen.',
  /** The boxes in one line, from the days each box waits (`days[box]`, box 1 to `days.length - 1`). */
  practiceBoxes: (days: readonly number[]) =>
    `Cada acierto sube la pregunta una caja y la trae más tarde (${days
      .slice(2)
      .map((d, i) => `${i === 0 ? 'caja ' : ''}${i + 2}: ${comesBackIn(d)}`)
      .join('; ')}); un error la vuelve a la caja 1, para repasarla hoy.`,
  /** When a question answered right comes back. */
  comesBack: (days: number) => `vuelve ${comesBackIn(days)}`,
  practiceEmpty: 'Este curso todavía no tiene preguntas para practicar.',
  practiceDone: 'Terminaste lo de hoy',
  /** What comes after today's practice: new questions tomorrow (`unseen` not practised yet) and the ones that come back. */
  practiceComesNext: (unseen: number, perDay: number) =>
    unseen > 0
      ? `Mañana vas a tener ${Math.min(unseen, perDay) === 1 ? '1 pregunta nueva' : `${Math.min(unseen, perDay)} preguntas nuevas`} y las que te toque repasar.`
      : 'Ya practicaste todas las preguntas del curso: vuelven a aparecer cuando te toque repasarlas.',
  learnedOf: (learned: number, total: number) => `${learned} de ${total} ${total === 1 ? 'aprendida' : 'aprendidas'}`,
  practiceRight: 'Correcta',
  practiceWrong: 'Incorrecta',
  rightOption: 'Correcta',
  markedOption: 'Marcaste esta',
  boxOf: (box: number, boxes: number) => `Caja ${box} de ${boxes}`,
} as const;

/** Clases presenciales and their attendance ('Marcar asistencia'). */
export const lessonMessages = {
  attendanceRecorded: 'Asistencia registrada',
  lessonNotFound: 'La clase no existe.',
  traineeNotFound: 'El alumno no existe en este curso.',
  lessonCreated: 'La clase se creó.',
  lessonSaved: 'La clase se guardó.',
  lessonDeleted: 'La clase se borró.',
  lessonCancelled: 'La clase quedó cancelada: en el calendario de los alumnos aparece cancelada y no se les recuerda.',
  lessonRestored: 'La clase vuelve a estar en pie.',
  lessonCancelledLog: (when: string) => `Clase del ${when} cancelada`,
  lessonRestoredLog: (when: string) => `Clase del ${when} otra vez en pie (se había cancelado)`,
  attendanceSaved: 'Asistencia guardada',
  invalidDate: 'La fecha no es válida.',
  invalidTime: 'La hora no es válida: escribila como 09:30.',
  duration: (min: number, max: number) =>
    `La duración tiene que ser un número entero de minutos, entre ${count.format(min)} y ${count.format(max)}.`,
  codeFormat: 'El código tiene 6 números.',
  codeWrong: 'El código no es válido o ya venció. Escribí el que se ve ahora en la pantalla de la clase.',
  noLessonNow: 'No hay una clase tomando asistencia en este momento: el código sirve desde 30 minutos antes de la clase hasta que termina.',
  tooManyCodes: 'Demasiados códigos incorrectos. Esperá unos minutos y volvé a intentar.',
  adminNoCode: 'La asistencia con código es para los alumnos del curso.',
  /** '12 de 20 presentes' under a class. */
  presentOf: (present: number, enrolled: number) => `Presentes ${count.format(present)} de ${count.format(enrolled)}`,
  // The change log ('Historial de cambios'): `when` is '28 nov 2026 a las 09:00'.
  lessonCreatedLog: (when: string) => `Clase del ${when} creada`,
  lessonEditedLog: (when: string) => `Clase del ${when} modificada`,
  lessonMovedLog: (from: string, to: string) => `Clase del ${from} modificada: ahora es el ${to}`,
  lessonDeletedLog: (when: string, marks: number) =>
    `Clase del ${when} borrada${marks > 0 ? ` (con ${marks} ${marks === 1 ? 'asistencia registrada' : 'asistencias registradas'})` : ''}`,
  markedByCodeLog: (when: string) => `Asistencia a la clase del ${when}: Presente (con el código)`,
  markedByHandLog: (when: string, status: string) => `Asistencia a la clase del ${when}: ${status}`,
  clearedLog: (when: string) => `Asistencia a la clase del ${when} borrada`,
} as const;

/** Pagos: the course's plan, the payments recorded, the reminders. */
export const paymentMessages = {
  paymentRecorded: 'Pago registrado',
  planSaved: 'Plan de pagos guardado',
  optionSaved: 'Opción de pago guardada',
  paymentDeleted: 'Pago borrado',
  receiptSaved: 'Comprobante guardado',
  paymentNotFound: 'El pago no existe.',
  receiptNotFound: 'El pago no tiene comprobante.',
  traineeNotFound: 'El alumno no existe o no tiene el curso habilitado.',
  optionNotFound: 'Esa opción no es del plan de pagos del curso.',
  chooseTrainee: 'Elegí un alumno.',
  chooseMethod: 'Elegí el medio de pago: Efectivo, Transferencia u Otro.',
  amountRequired: 'Escribí el monto en pesos.',
  amountWhole: 'El monto va en pesos enteros, sin centavos.',
  amountPositive: 'El monto tiene que ser mayor que 0.',
  /** `max` already written out ('$ 100.000.000'). */
  amountTooLarge: (max: string) => `El monto no puede ser mayor que ${max}.`,
  invalidDay: 'La fecha no es válida.',
  paidOnFuture: 'La fecha del pago no puede ser posterior a hoy.',
  instalmentsRequired: 'Cada opción necesita al menos una cuota.',
  remindersChoice: 'Elegí si se mandan recordatorios.',
  /** An option some trainees hold cannot leave the plan: they would be left without one. */
  optionHeld: (label: string, holders: number) =>
    `La opción "${label}" la ${holders === 1 ? 'tiene 1 alumno' : `tienen ${holders} alumnos`}: asignales otra antes de quitarla.`,
  duplicateOption: 'Una opción aparece dos veces en el plan.',
  receiptType: 'El comprobante tiene que ser un PDF o una imagen PNG o JPEG.',
  upToDate: 'Al día',
  /** `amount` already written out. */
  owes: (amount: string) => `Debe ${amount}`,
  noOption: 'Sin opción asignada',
  /** After a payment: the modules it enabled. */
  unlocked: (names: string[]) => `Se ${names.length === 1 ? 'habilitó el módulo' : 'habilitaron los módulos'} ${names.join(', ')}.`,
  // The change log ('Historial de cambios'): amounts and days already written out.
  paymentLogged: (amount: string, day: string, method: string) => `Pago de ${amount} del ${day} registrado (${method})`,
  paymentDeletedLogged: (amount: string, day: string, method: string) => `Pago de ${amount} del ${day} borrado (${method})`,
  receiptLogged: (amount: string, day: string) => `Comprobante adjuntado al pago de ${amount} del ${day}`,
  optionLogged: (label: string) => `Opción de pago asignada: ${label}`,
  optionClearedLogged: 'Opción de pago quitada',
  planLogged: (labels: string[]) => (labels.length === 0 ? 'Plan de pagos vaciado' : `Plan de pagos: ${labels.join(' · ')}`),
  remindersLogged: (on: boolean) => (on ? 'Recordatorios de cuotas activados' : 'Recordatorios de cuotas desactivados'),
  unlockLogged: (moduleName: string, paid: string) => `Módulo "${moduleName}" habilitado por lo pagado (${paid})`,
} as const;

/** An average of observation scores: always one decimal ('4,0'). */
const oneDecimal = new Intl.NumberFormat('es-AR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** The rest of the trainee's record: the physical test, match observations, the trainee's page. */
export const recordMessages = {
  fitnessRecorded: 'Prueba física registrada',
  // Prueba física.
  fitnessTestSaved: 'Se guardó la prueba física del curso',
  fitnessResultDeleted: 'Prueba física borrada',
  fitnessResultNotFound: 'El resultado de la prueba física no existe.',
  /** A level off the shuttle run's scale (`what`: 'El nivel', 'El nivel mínimo'). */
  levelScale: (what: string, min: number, max: number) =>
    `${what} tiene que estar entre ${count.format(min)} y ${count.format(max)}, en medios niveles (por ejemplo 8 u 8,5).`,
  /** 'Nivel 8,5'. */
  levelText: (level: number) => `Nivel ${count.format(level)}`,
  noShow: 'No se presentó',
  passed: 'Aprobada',
  failed: 'No aprobada',
  invalidDay: 'La fecha no es válida.',
  futureDay: 'La fecha no puede ser posterior a hoy.',
  /** Change log: the course's test (`minLevel` as a number). */
  fitnessTestChanged: (name: string, minLevel: number) => `Prueba física del curso: ${name}, nivel mínimo ${count.format(minLevel)}`,
  /** Change log: a result recorded or deleted (`day` already written out, `result` 'Nivel 9 (Aprobada)' or 'No se presentó'). */
  fitnessResultLogged: (day: string, result: string) => `Prueba física del ${day} registrada: ${result}`,
  fitnessResultDeletedLogged: (day: string, result: string) => `Prueba física del ${day} borrada (${result})`,
  // Observaciones de partido.
  observationRecorded: 'Observación registrada',
  observationSaved: 'Observación guardada',
  observationDeleted: 'Observación borrada',
  observationNotFound: 'La observación no existe.',
  scoreRange: (min: number, max: number) => `Elegí un puntaje entero del ${min} al ${max}.`,
  /** An average as shown: one decimal, '3,8'. */
  averageText: (average: number) => oneDecimal.format(average),
  /** Change log: an observation recorded, changed or deleted (`day` already written out). */
  observationLogged: (day: string, match: string, average: number) =>
    `Observación de partido del ${day} registrada (${match}, promedio ${oneDecimal.format(average)})`,
  observationChangedLogged: (day: string, match: string, average: number) =>
    `Observación de partido del ${day} modificada (${match}, promedio ${oneDecimal.format(average)})`,
  observationDeletedLogged: (day: string, match: string) => `Observación de partido del ${day} borrada (${match})`,
} as const;

/** 'Requisitos de aprobación': who is 'Apto' and the licence a passing trainee gets. */
export const approvalMessages = {
  requirementsSaved: 'Se guardaron los requisitos',
  recordClosed: 'El acta está cerrada: para cambiar los requisitos, corregí el acta.',
  percentRange: 'Elegí un porcentaje entero del 1 al 100.',
  averageRange: 'Elegí un promedio del 1 al 5, con un decimal como máximo (por ejemplo 3,5).',
  monthsRange: 'Elegí una cantidad entera de meses, del 1 al 120.',
  examNotInCourse: 'Elegí exámenes de este curso.',
  tooManyExams: 'Elegiste demasiados exámenes.',
  invalidOutcome: 'Elegí Apto, No apto o En curso.',
  /** Change log: the requirements and the licence as saved. */
  requirementsLogged: (
    r: {
      minAttendancePercent: number | null;
      allActivities: boolean;
      minJugadasPercent: number | null;
      fitness: boolean;
      minObservationAverage: number | null;
      paymentsUpToDate: boolean;
    },
    examTitles: string[],
    licence: { level: string; rulesEdition: string; months: number },
  ) => {
    const asked = [
      r.minAttendancePercent !== null ? `asistencia mínima ${r.minAttendancePercent} %` : null,
      ...examTitles.map((title) => `examen «${title}» aprobado`),
      r.allActivities ? 'todas las actividades aprobadas' : null,
      r.minJugadasPercent !== null ? `jugadas con ${r.minJugadasPercent} % de aciertos` : null,
      r.fitness ? 'prueba física aprobada' : null,
      r.minObservationAverage !== null ? `observación con promedio ${oneDecimal.format(r.minObservationAverage)}` : null,
      r.paymentsUpToDate ? 'pagos al día' : null,
    ].filter((text) => text !== null);
    const level = licence.level || 'sin nivel';
    const edition = licence.rulesEdition ? `, reglamento ${licence.rulesEdition}` : '';
    return `Requisitos de aprobación: ${asked.join(', ') || 'ninguno'}. Licencia: ${level}${edition}, vence a los ${licence.months} ${licence.months === 1 ? 'mes' : 'meses'}`;
  },
} as const;

/** 'Acta del curso': closing the course's record, correcting it, and its files. */
export const courseRecordMessages = {
  closed: 'Acta cerrada',
  reopened: 'Se abrió el acta para corregir',
  alreadyClosed: 'El acta ya está cerrada.',
  notInForce: 'Esa acta ya no está vigente: sólo se corrige el acta vigente.',
  noTrainees: 'El curso no tiene alumnos: no hay acta que cerrar.',
  draftOfClosed: 'El acta está cerrada: descargá el acta vigente.',
  recordNotFound: 'El acta no existe.',
  /** Change log (course-level): 'Acta N° 2 cerrada (12 aptos de 20)'. */
  closedLogged: (number: number, apto: number, total: number) =>
    `Acta N° ${number} cerrada (${apto} ${apto === 1 ? 'apto' : 'aptos'} de ${total})`,
  supersededLogged: (number: number) => `Acta N° ${number} reemplazada: el curso se abrió para corregirla`,
} as const;

/** A day written out on a licence and its page: '27 de noviembre de 2026'. */
const writtenDayFormat = new Intl.DateTimeFormat('es-AR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const writtenDay = (day: string) => writtenDayFormat.format(new Date(`${day}T00:00:00Z`));

/** 'Certificados': issuing licences, revoking them, and their public verification page. */
export const certificateMessages = {
  /** '27 de noviembre de 2026' (`day` is yyyy-mm-dd). */
  dayText: writtenDay,
  issuedOn: (day: string) => `Emitido el ${writtenDay(day)}`,
  expiresOn: (day: string) => `Vence el ${writtenDay(day)}`,
  /** The toast after 'Emitir certificados'. */
  issued: (n: number) => (n === 1 ? '1 certificado emitido' : `${count.format(n)} certificados emitidos`),
  noRequirements: 'Definí los requisitos de aprobación antes de emitir certificados',
  noLevel: 'Definí el nivel de la licencia antes de emitir certificados',
  /** Issuing before the course names who signs its certificates. */
  noSigner: 'Falta la firma del certificado: escribí quién firma los certificados de este curso y su cargo en «Firma del certificado».',
  noneToIssue: 'No hay alumnos aptos sin certificado.',
  /** Some of the trainees named are not 'Apto': nothing was issued. */
  notApto: (names: string[]) =>
    `No se emitió ningún certificado: ${names.join(', ')} ${names.length === 1 ? 'no es Apto' : 'no son Aptos'}.`,
  /** Some of the trainees named already hold one (not revoked): nothing was issued. */
  alreadyHeld: (names: string[]) =>
    `No se emitió ningún certificado: ${names.join(', ')} ya ${names.length === 1 ? 'tiene' : 'tienen'} certificado de este curso.`,
  traineeNotFound: 'El alumno no existe o no tiene el curso habilitado.',
  certificateNotFound: 'El certificado no existe.',
  /** 'Firma del certificado': who signs the course's certificates, both required. */
  signerNameRequired: 'Escribí el nombre de quien firma.',
  signerTitleRequired: 'Escribí el cargo de quien firma.',
  signerSaved: 'Se guardó la firma del certificado',
  signerLogged: (name: string, title: string) => `Firma del certificado: ${name}, ${title}`,
  revoked: 'Certificado revocado',
  alreadyRevoked: 'El certificado ya está revocado.',
  /** The public page's answer for a code that does not exist, or is not a code at all. */
  verifyNotFound: 'No encontramos ese certificado',
  /** Change log: one line per trainee. */
  issuedLogged: (code: string, level: string) => `Certificado ${code} emitido (${level})`,
  revokedLogged: (code: string, reason: string) => `Certificado ${code} revocado: ${reason}`,
  /** The words printed on the PDF, top to bottom. */
  pdf: {
    brand: 'AULA VIRTUAL  ·  FORMACIÓN DE ÁRBITROS DE HANDBALL',
    title: 'Certificado',
    subtitle: 'de habilitación de árbitro',
    certifies: 'Se certifica que',
    passed: 'aprobó el curso',
    licence: 'y obtuvo la licencia de',
    rulesEdition: (edition: string) => `Reglamento: ${edition}`,
    codeLabel: 'Código de verificación',
    verifyAt: 'Verificá este certificado en',
  },
} as const;

/** 'Curso de actualización': a new course with the content of one whose licence holders renew in it. */
export const renewalMessages = {
  /** The name a renewal course gets unless the instructor writes another. */
  courseName: (year: string, name: string) => `Actualización ${year}: ${name}`,
  /** On the renewal course's page. */
  renews: (name: string) => `Actualización de ${name}`,
  /** The toast once it is created. */
  created: (enrolled: number) => `Se creó el curso de actualización con ${enrolled === 1 ? '1 alumno' : `${enrolled} alumnos`}`,
  /** Change log of the new course: the course, and each trainee enrolled. */
  createdLogged: (original: string, enrolled: number) =>
    `Curso de actualización de "${original}" creado con ${enrolled === 1 ? '1 alumno inscripto' : `${enrolled} alumnos inscriptos`}`,
  enrolledLogged: (original: string, code: string) => `Inscripto por su licencia ${code} de "${original}"`,
} as const;

/** Downloads to study without signal: what a module's download holds, and what the trainee is told. */
export const offlineMessages = {
  page: 'Página del módulo',
  activity: 'Preguntas del módulo',
  video: 'Video del módulo',
  videoElsewhere: 'El video está en otro sitio (YouTube o la web): no se puede descargar',
  poster: 'Imagen del video',
  captions: 'Subtítulos',
  jugadas: 'Jugadas para practicar',
  keys: 'Respuestas de las jugadas de práctica, para corregirlas sin señal',
  clip: (n: number) => `Clip de la jugada ${n}`,
  clipElsewhere: (n: number) => `La jugada ${n} está en YouTube: no se puede descargar`,
  practice: 'Práctica del reglamento',
  documents: 'Lista de documentos del curso',
  removed: (moduleName: string) => `Se quitó la descarga de «${moduleName}»: ya no está disponible`,
  // What a download keeps and what it cannot (a video on YouTube or elsewhere on the web), said
  // before it starts and marked after it (client lib/offline/download-summary.ts).
  videoYouTube: 'El video es de YouTube: no se puede descargar.',
  videoWeb: 'El video está en otro sitio de la web: no se puede descargar.',
  clipsElsewhere: (n: number) =>
    n === 1
      ? 'El clip de una jugada está en YouTube: no se puede descargar.'
      : `Los clips de ${count.format(n)} jugadas están en YouTube: no se pueden descargar.`,
  /** What the module's download lets the trainee see without signal, by kind of entry. */
  keptThings: {
    activity: 'las actividades',
    jugadas: 'las jugadas',
    practice: 'la práctica del reglamento',
    document: 'los documentos elegidos',
  },
  withoutVideo: 'el video',
  withoutClips: 'los clips en YouTube',
  withoutBoth: 'el video ni los clips en YouTube',
  /** 'Sin conexión vas a poder ver las actividades y las jugadas, no el video.' */
  availableWithout: (things: string[], without: string) =>
    things.length === 0
      ? `Sin conexión vas a poder abrir el módulo, pero no ver ${without}.`
      : `Sin conexión vas a poder ver ${new Intl.ListFormat('es', { type: 'conjunction' }).format(things)}, no ${without}.`,
  /** The mark of a downloaded module, on its page, in the module list and in 'Descargas'. */
  markComplete: 'Disponible sin conexión',
  markWithoutVideo: 'Descargado sin el video',
  markWithoutClips: 'Descargado sin los clips de YouTube',
  /** In place of a YouTube player while the app is without connection. */
  youtubeOffline: 'Sin conexión: este video es de YouTube y necesita señal.',
  /** A page (or its part) the phone does not hold, opened without connection. */
  notDownloadedTitle: 'Sin conexión',
  notDownloaded: 'Esto no se descargó en el teléfono. Se va a ver cuando vuelva la señal.',
} as const;

/** Uploaded videos' renditions, poster and captions ('Video para datos móviles'). */
export const videoMessages = {
  /** Where the instructor would see the progress, when ffmpeg cannot decode the file. */
  unreadable: 'No se pudo procesar el video: el archivo está dañado o no es un video que podamos leer. Subilo de nuevo.',
  ffmpegMissing:
    'No se pudo procesar el video: ffmpeg no está instalado en el servidor (o FFMPEG_PATH no lo encuentra). El video se muestra como se subió.',
  processing: (percent: number) => `Procesando video… ${percent} %`,
  retry: 'Reintentar',
  /** The button's name for a screen reader, saying whose video (`of`: 'del módulo Reglas', 'de la jugada 2'). */
  retryLabel: (of: string) => `Reintentar el procesamiento del video ${of}`,
  retryStarted: 'El video se va a procesar de nuevo.',
  retryNotFailed: 'El video no falló: no hay nada que reintentar.',
  heightInvalid: 'La calidad del video no es válida: usá la altura en píxeles, por ejemplo 360.',
  renditionNotFound: 'Esa calidad del video no existe (todavía).',
  posterNotFound: 'El video no tiene imagen de portada (todavía).',
  captionsNotFound: 'Este video no tiene subtítulos.',
  captionsInvalid: 'Los subtítulos tienen que ser un archivo WebVTT (.vtt): la primera línea dice WEBVTT.',
  captionsTooHeavy: (maxBytes: number) => tooHeavy('El archivo de subtítulos', maxBytes),
  captionsNeedUpload: 'Los subtítulos son para un video subido: este módulo tiene un video de YouTube o de la web.',
  captionsLabel: 'Subtítulos (.vtt)',
  captionsHelp: 'Opcional: el texto del video, para quien no puede escucharlo.',
  captionsRemove: 'Quitar subtítulos',
  captionsCurrent: 'El video tiene subtítulos.',
  captionsRemoved: 'Los subtítulos se quitan al guardar.',
  captionsTrack: 'Español',
  quality: 'Calidad',
  qualityAuto: 'Automática',
  qualitySaver: 'Ahorro de datos',
  qualityHigh: 'Alta',
} as const;

/** 'Equipo del curso': who works on a course and in which role. */
export const teamMessages = {
  memberAdded: 'Agregado al equipo',
  rolesSaved: 'Roles guardados',
  memberRemoved: 'Quitado del equipo',
  memberNotFound: 'No encontramos a esa persona en el equipo del curso.',
  personNotFound: 'La persona no existe.',
  chooseRole: 'Elegí al menos un rol.',
  unknownRole: 'El rol no es válido: Instructor, Ayudante, Observador o Tesorería.',
  duplicateRole: 'Un rol aparece dos veces.',
  choosePerson: 'Elegí una persona o escribí el email de alguien nuevo.',
  alreadyMember: 'Esa persona ya está en el equipo: cambiale los roles.',
  traineeOfCourse: 'Esa persona es alumna de este curso: no puede estar también en su equipo.',
  memberNotTrainee: 'Esa persona está en el equipo de este curso: no puede ser también su alumna.',
  adminNeedsNoTeam: 'Un administrador ya puede hacer todo en todos los cursos.',
  searchTooShort: 'Escribí al menos 2 letras del nombre o del email.',
  /** `roles` already written out ('Instructor y Tesorería'). */
  addedLog: (actor: string, person: string, roles: string) => `${actor} agregó a ${person} al equipo como ${roles}`,
  rolesLog: (actor: string, person: string, roles: string) => `${actor} cambió los roles de ${person}: ahora ${roles}`,
  removedLog: (actor: string, person: string) => `${actor} quitó a ${person} del equipo`,
} as const;

/** Role names in a sentence: 'Instructor', 'Instructor y Tesorería', 'Ayudante, Observador y Tesorería'. */
export const listInWords = (items: string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} y ${items.at(-1)}`;

const bytesNumber = new Intl.NumberFormat('es-AR', { maximumFractionDigits: 1 });

/** A size as people read it: '850 MB', '12,4 GB' (1 GB = 1024 MB). */
export function bytesText(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  if (mb < 1) return `${bytesNumber.format(Math.max(0, Math.round(bytes / 1024)))} KB`;
  if (mb < 1024) return `${bytesNumber.format(mb < 10 ? Math.round(mb * 10) / 10 : Math.round(mb))} MB`;
  return `${bytesNumber.format(Math.round((mb / 1024) * 10) / 10)} GB`;
}

/** 'Mis partidos': the trainees' own matches on video, their upload and the course's storage. */
export const matchMessages = {
  myMatches: 'Mis partidos',
  uploadMatch: 'Subir partido',
  consentLabel: 'Permito que el curso use momentos de mis partidos para enseñar',
  consentHint:
    'Los instructores pueden convertir un momento en una jugada del curso, sin tu nombre. Si lo retirás, no se cortan más momentos; las jugadas ya hechas quedan.',
  consentGiven: 'Gracias: el curso puede usar momentos de tus partidos para enseñar.',
  consentWithdrawn: 'Listo: el curso no va a usar más momentos de tus partidos.',
  matchNotFound: 'El partido no existe.',
  matchCreated: 'Partido creado: subiendo el video.',
  matchSaved: 'Partido guardado',
  matchDeleted: 'Partido borrado',
  notInCourse: 'No estás inscripto en ese curso.',
  partnerNotInCourse: 'La pareja tiene que ser un alumno del mismo curso.',
  partnerIsSelf: 'La pareja es el otro árbitro: no podés elegirte a vos.',
  onlyUploaderEdits: 'Solo quien subió el partido puede cambiar sus datos.',
  onlyUploaderDeletes: 'Solo quien subió el partido o un administrador puede borrarlo.',
  onlyUploaderUploads: 'Solo quien creó el partido puede subir su video.',
  alreadyUploaded: 'El video de este partido ya se subió.',
  sizeMismatch: 'El archivo no es el que elegiste al crear el partido: tiene otro tamaño.',
  uploadMissing: 'La subida no existe o ya terminó.',
  fileSizeInvalid: 'Elegí el archivo del partido.',
  tooLarge: (maxBytes: number) => `El video de un partido no puede pesar más de ${bytesText(maxBytes)}.`,
  tooLongVideo: (hours: number) => `El video de un partido no puede durar más de ${hours} horas.`,
  notAVideo: 'El archivo no es un video: subí el video del partido como lo grabó el teléfono o la cámara (MP4, MOV, WebM, MKV o 3GP).',
  /** The course's storage would go over its limit with this file: refused before the upload starts. */
  quotaExceeded: (size: number, free: number, limit: number) =>
    `El curso no tiene espacio para este partido: el video pesa ${bytesText(size)} y quedan ${bytesText(free)} de ${bytesText(limit)}. Pedile al instructor que libere espacio.`,
  /** 'Partidos: 12,4 GB de 20 GB'. */
  storageText: (used: number, limit: number) => `Partidos: ${bytesText(used)} de ${bytesText(limit)}`,
  storageLimitSaved: 'Límite de espacio guardado',
  storageLimitInvalid: 'Escribí el límite en GB, un número entre 1 y 10.000.',
  stateUploading: 'Subiendo',
  stateProcessing: (percent: number | null) => (percent === null ? 'Procesando…' : `Procesando… ${percent} %`),
  stateReady: 'Listo',
  stateFailed: 'No se pudo procesar',
  titleLabel: 'Partido',
  titlePlaceholder: 'Vélez – Ferro, Primera B',
  dayLabel: 'Fecha',
  categoryLabel: 'Categoría',
  partnerLabel: 'Pareja',
  partnerHint: 'El otro árbitro de la pareja: también va a ver el video.',
  noPartner: 'Sin pareja del curso',
  courseLabel: 'Curso',
  fileLabel: 'Video del partido',
  fileHint: 'Hasta 4 GB y 2 horas, como lo grabó el teléfono.',
  /** The upload's progress: '1,2 GB de 3,4 GB · quedan 5 min'. */
  progressText: (sent: number, total: number) => `${bytesText(sent)} de ${bytesText(total)}`,
  timeLeft: (seconds: number) =>
    seconds < 60
      ? 'queda menos de un minuto'
      : seconds < 3600
        ? `quedan ${Math.round(seconds / 60)} min`
        : `quedan ${Math.floor(seconds / 3600)} h ${Math.round((seconds % 3600) / 60)} min`,
  uploadPaused: 'Subida en pausa',
  uploadResumeHint: 'Elegí el mismo archivo para seguir desde donde quedó.',
  uploadReconnecting: 'Se cortó la conexión: sigue sola cuando vuelva la señal.',
  uploadWrongFile: 'Ese no es el archivo de este partido (tiene otro tamaño). Elegí el mismo que empezaste a subir.',
  uploadDone: 'Video subido: ahora se procesa para verlo.',
  uploadFailed: 'No se pudo subir el video.',
  deleteConfirm:
    'Se borran el video, sus comentarios y su historial, para vos y tu pareja. Las jugadas ya cortadas de este partido quedan. No se puede deshacer.',
  empty: 'Todavía no subiste partidos.',
  emptyHint: 'Subí el video de un partido que dirigiste para verlo con tu observador.',
  courseEmpty: 'Los alumnos de este curso todavía no subieron partidos.',
} as const;

/** The match page ('/partidos/{id}'): its player, the comments at a moment, their threads and history. */
export const matchReviewMessages = {
  criteria: {
    ubicacion: 'Ubicación',
    senalizacion: 'Señalización',
    'sancion-progresiva': 'Sanción progresiva',
    comunicacion: 'Comunicación',
    'condicion-fisica': 'Condición física',
    otro: 'Otro',
  },
  verdicts: { bien: 'Bien', 'a-mejorar': 'A mejorar' },
  criterionLabel: 'Criterio',
  verdictLabel: 'Valoración',
  bodyLabel: 'Comentario',
  replyLabel: 'Tu respuesta',
  commentHere: 'Comentar aquí',
  /** The form's heading: 'Comentario en 23:41'. */
  commentAt: (time: string) => `Comentario en ${time}`,
  saveComment: 'Guardar comentario',
  commentSaved: 'Comentario guardado',
  commentEdited: 'Comentario cambiado',
  reply: 'Responder',
  sendReply: 'Enviar respuesta',
  replySaved: 'Respuesta enviada',
  edit: 'Editar',
  cancel: 'Cancelar',
  edited: 'editado',
  history: 'Ver historial',
  historyTitle: 'Versiones anteriores',
  historyEmpty: 'No tiene versiones anteriores.',
  /** One earlier version: 'Hasta el 03/12/2026 10:15'. */
  historyUntil: (when: string) => `Hasta el ${when}`,
  comments: 'Comentarios',
  commentsEmpty: 'Todavía no hay comentarios.',
  commentsEmptyStaff: 'Pausá el video en un momento y tocá «Comentar aquí».',
  summary: 'Resumen por criterio',
  /** A comment's button in the list: plays from just before it. */
  playFrom: (time: string) => `Ver desde ${time}`,
  repliesCount: (n: number) => (n === 1 ? '1 respuesta' : `${n} respuestas`),
  speed: 'Velocidad',
  dataSaver: 'Ahorro de datos',
  dataSaverHint: 'Se ve siempre en la calidad más baja.',
  keysHint: 'Teclado: espacio reproduce o pausa · ← → 5 segundos · , . cuadro a cuadro en pausa',
  timeline: 'Línea de tiempo del partido',
  /** A mark on the timeline: '23:41 · Ubicación · A mejorar'. */
  mark: (time: string, criterion: string, verdict: string) => `${time} · ${criterion} · ${verdict}`,
  play: 'Reproducir',
  pause: 'Pausa',
  back5: 'Atrás 5 segundos',
  forward5: 'Adelante 5 segundos',
  playerFailed: 'No se pudo cargar el video. Revisá la conexión y volvé a intentar.',
  processingHint: 'El video se está preparando para verlo en el teléfono: esta página se actualiza sola.',
  failedHint: 'Quien lo subió puede borrarlo y subirlo de nuevo.',
  uploadingHint: 'El video todavía se está subiendo desde el teléfono de quien lo grabó.',
  pair: 'Pareja',
  uploadedBy: 'Subido por',
  backToList: 'Mis partidos',
  commentNotFound: 'El comentario no existe.',
  onlyAuthorEdits: 'Solo quien escribió el comentario puede cambiarlo.',
  notReady: 'El video todavía no está listo: se puede comentar cuando termine de procesarse.',
  momentOutside: 'El momento tiene que estar dentro del video.',
  replyToComment: 'Se responde al comentario, no a una respuesta.',
  replyNotMoment: 'Una respuesta no lleva momento, criterio ni valoración.',
  criterionInvalid: 'Elegí un criterio.',
  verdictInvalid: 'Elegí «Bien» o «A mejorar».',
  processingFailed: 'No se pudo convertir el video: ffmpeg no pudo leerlo. Subilo de nuevo o probá con otro archivo.',
  processingNotVideo: 'El archivo no tiene una imagen de video que se pueda leer.',
  processingTimedOut: 'La conversión del video no terminó a tiempo: se intentó varias veces.',
  ffmpegMissing: 'El servidor no tiene ffmpeg para convertir el video. Avisale al administrador.',
  /** The record's line for an observation linked to a match: 'Partido en video: Vélez – Ferro'. */
  linkedMatch: (title: string) => `Partido en video: ${title}`,
  linkedMatchLabel: 'Partido en video',
  linkedMatchHint: 'Un partido del alumno en «Mis partidos»: el legajo lo muestra con el resumen de sus comentarios.',
  noLinkedMatch: 'Ninguno',
  matchNotOfTrainee: 'Ese partido no es de este alumno en este curso.',
  toJugada: 'Convertir en jugada',
  toJugadaHint: 'Se corta ese momento del partido y queda como una jugada del curso, sin los nombres de la pareja.',
  clipFrom: 'Desde (segundo del partido)',
  clipTo: 'Hasta (segundo del partido)',
  clipModule: 'Módulo',
  clipUse: 'Uso',
  clipPrompt: 'Consigna',
  clipDecision: 'Decisión correcta',
  clipSanction: 'Sanción correcta',
  clipExplanation: 'Explicación',
  clipCreate: 'Crear jugada',
  clipCreated: 'Jugada creada con este momento del partido.',
  clipNoConsent:
    'La pareja de este partido no permitió que el curso use momentos de sus partidos para enseñar: no se puede convertir en jugada.',
  clipSpanInvalid: (max: number) => `El clip tiene que durar más de 0 y hasta ${max} segundos, dentro del partido.`,
} as const;

/** 'Mi cuenta' → 'Avisos' (notices on the phone, per kind) and 'Calendario' (the private feed). */
export const noticeMessages = {
  preferencesSaved: 'Listo: tus avisos quedaron como elegiste.',
  subscribed: 'Listo: este teléfono va a recibir tus avisos.',
  unsubscribed: 'Este teléfono ya no recibe tus avisos.',
  permissionDenied:
    'El navegador tiene bloqueados los avisos de Aula Virtual. Habilitalos en los permisos del sitio (el candado junto a la dirección) y volvé a tocar el botón.',
  unsupported:
    'Este navegador no puede recibir avisos de Aula Virtual. Te seguimos avisando por email. En un iPhone, primero agregá Aula Virtual a la pantalla de inicio (Compartir → Agregar a inicio) y abrila desde ahí.',
  subscribeFailed: 'No se pudo activar los avisos en este teléfono. Probá de nuevo en un rato.',
  unknownPushService: 'Este navegador usa un servicio de avisos que Aula Virtual no conoce: te seguimos avisando por email.',
  calendarNotFound: 'Esta dirección de calendario ya no existe: pedí la nueva en Mi cuenta → Calendario.',
  calendarChanged: 'Listo: la dirección anterior dejó de funcionar. Agregá la nueva a tu calendario.',
  calendarCopied: 'Dirección copiada.',
  eventNotFound: 'No encontramos esa fecha.',
  /** The feed's and the .ics files' texts. */
  feedName: (name: string) => `Aula Virtual · ${name}`,
  lessonSummary: (courseName: string, topic: string) =>
    topic ? `Clase presencial: ${topic} · ${courseName}` : `Clase presencial · ${courseName}`,
  cancelledPrefix: 'CANCELADA · ',
  instalmentSummary: (amount: string, courseName: string) => `Vence la cuota de ${amount} · ${courseName}`,
  examSummary: (title: string, courseName: string) => `Examen «${title}» · ${courseName}`,
  examDescription: (closes: string | null) => (closes ? `Podés rendirlo hasta el ${closes}.` : 'Podés rendirlo desde este momento.'),
  licenceSummary: (level: string) => (level ? `Vence tu licencia de ${level}` : 'Vence tu licencia de árbitro'),
} as const;
