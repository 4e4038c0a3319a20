// The sample course's question bank: 30 multiple-choice questions on the rules of handball,
// written for this course (not taken from any official catalogue), over six chapters, some with
// several right options. `correct` holds the indices of the right options.
import { bankQuestionInputSchema, type BankQuestionInput } from '../../shared/schemas/exams.ts';
import { bankQuestionValues, createdInOrder } from '../bank/service.ts';
import type { Db } from '../db/client.ts';
import { bankQuestion } from '../db/schema.ts';

type SampleQuestion = Omit<BankQuestionInput, 'edition'>;

const regla4: SampleQuestion[] = [
  {
    chapter: 'Regla 4',
    rule: '4:1',
    text: '¿Cuántos jugadores puede tener un equipo dentro del campo al mismo tiempo?',
    options: ['Seis', 'Siete', 'Ocho', 'Los que quiera, si están inscriptos'],
    correct: [1],
    explanation: 'Nunca más de siete a la vez. Pueden ser seis de campo y un arquero, o siete jugadores de campo sin arquero.',
  },
  {
    chapter: 'Regla 4',
    rule: '4:1',
    text: '¿Con cuántos jugadores en el campo, como mínimo, tiene que estar un equipo para que empiece el partido?',
    options: ['Cuatro', 'Cinco', 'Seis', 'Siete'],
    correct: [1],
    explanation:
      'Hacen falta cinco para comenzar. Después el equipo puede completarse en cualquier momento con los que lleguen inscriptos.',
  },
  {
    chapter: 'Regla 4',
    rule: '4:4',
    text: '¿Qué condiciones tiene que cumplir un cambio de jugadores para ser reglamentario?',
    options: [
      'Entrar y salir por la zona de cambios del propio equipo',
      'Que el jugador que sale haya dejado el campo antes de que entre su reemplazo',
      'Avisarle al cronometrador antes de cada cambio',
      'Esperar a que el juego esté detenido',
    ],
    correct: [0, 1],
    explanation:
      'Los cambios son libres y en cualquier momento, sin avisar a la mesa, siempre que se hagan por la zona propia y el que sale ya esté afuera.',
  },
  {
    chapter: 'Regla 4',
    rule: '4:5',
    text: 'Un jugador entra al campo antes de que su compañero haya salido. ¿Qué corresponde?',
    options: [
      'Sólo corregir la posición, sin sanción',
      'Una amonestación al oficial responsable',
      'Una exclusión de 2 minutos al jugador que entró mal',
      'La descalificación del jugador',
    ],
    correct: [2],
    explanation:
      'El cambio antirreglamentario se castiga con 2 minutos para el infractor, y el juego sigue con tiro libre para el adversario.',
  },
  {
    chapter: 'Regla 4',
    rule: '4:2',
    text: '¿Cuántos oficiales puede tener inscriptos un equipo durante el partido?',
    options: ['Hasta dos', 'Hasta tres', 'Hasta cuatro', 'Sin límite'],
    correct: [2],
    explanation: 'Hasta cuatro oficiales, y uno de ellos es el responsable del equipo ante la mesa y los árbitros.',
  },
];

const regla7: SampleQuestion[] = [
  {
    chapter: 'Regla 7',
    rule: '7:2',
    text: '¿Cuánto tiempo puede un jugador retener el balón sin jugarlo?',
    options: ['Dos segundos', 'Tres segundos', 'Cinco segundos', 'No hay límite mientras no dé pasos'],
    correct: [1],
    explanation: 'Tres segundos como máximo, también cuando el balón está en el piso y el jugador lo tiene bajo control.',
  },
  {
    chapter: 'Regla 7',
    rule: '7:3',
    text: '¿Cuántos pasos puede dar un jugador con el balón en la mano?',
    options: ['Dos', 'Tres', 'Cuatro', 'Los que necesite si bota entre medio'],
    correct: [1],
    explanation: 'Tres pasos como máximo con el balón retenido; para avanzar más tiene que botarlo o pasarlo.',
  },
  {
    chapter: 'Regla 7',
    rule: '7:8',
    text: '¿Con qué partes del cuerpo no puede un jugador de campo tocar el balón a propósito?',
    options: ['El muslo', 'El pie', 'La cabeza', 'La pierna por debajo de la rodilla'],
    correct: [1, 3],
    explanation:
      'Se puede jugar con manos, brazos, cabeza, tronco, muslos y rodillas. Por debajo de la rodilla no, salvo que el adversario se lo tire encima.',
  },
  {
    chapter: 'Regla 7',
    rule: '7:3',
    text: 'Un jugador bota el balón, lo toma con las dos manos y vuelve a botarlo. ¿Qué se cobra?',
    options: ['Nada: el bote es libre', 'Dobles (doble bote)', 'Pasos', 'Juego pasivo'],
    correct: [1],
    explanation:
      'Una vez que atrapó el balón con ambas manos no puede volver a botarlo: es falta de dobles y tiro libre para el adversario.',
  },
  {
    chapter: 'Regla 7',
    rule: '7:11',
    text: 'Con la señal de advertencia de juego pasivo a la vista, ¿cuántos pases puede hacer como máximo el equipo antes de lanzar?',
    options: ['Dos', 'Cuatro', 'Seis', 'Los que quiera en 30 segundos'],
    correct: [1],
    explanation: 'Tras la advertencia, el equipo tiene cuatro pases como máximo; el lanzamiento tiene que llegar antes del quinto.',
  },
  {
    chapter: 'Regla 7',
    rule: '7:12',
    text: 'El equipo agota los pases después de la advertencia de juego pasivo sin lanzar. ¿Cómo sigue el juego?',
    options: [
      'Saque de arco para el adversario',
      'Tiro libre para el adversario',
      'Tiro de 7 metros para el adversario',
      'Exclusión del último jugador que tocó el balón',
    ],
    correct: [1],
    explanation: 'El juego pasivo se cobra con tiro libre para el adversario desde donde estaba el balón al interrumpirse el juego.',
  },
];

const regla8: SampleQuestion[] = [
  {
    chapter: 'Regla 8',
    rule: '8:1',
    text: '¿Cuáles de estas acciones sobre un adversario están permitidas?',
    options: [
      'Arrancarle o golpearle el balón de las manos',
      'Jugar el balón con la mano abierta desde las manos del adversario',
      'Obstaculizarlo con el tronco, aunque no tenga el balón',
      'Sujetarlo de la camiseta',
      'Contactarlo con los brazos flexionados, controlándolo y acompañándolo',
    ],
    correct: [1, 2, 4],
    explanation:
      'Se puede disputar el balón con la mano abierta y marcar con el cuerpo y los brazos flexionados. Arrancar, golpear o sujetar es falta.',
  },
  {
    chapter: 'Regla 8',
    rule: '8:5',
    text: 'Un defensor empuja por detrás a un atacante que está en el aire, y este cae sin poder protegerse. ¿Qué corresponde?',
    options: ['Tiro libre, sin sanción personal', 'Amonestación', 'Exclusión de 2 minutos', 'Descalificación'],
    correct: [3],
    explanation:
      'Una acción que pone en peligro la salud del adversario se sanciona con descalificación, sin pasar por la sanción progresiva.',
  },
  {
    chapter: 'Regla 8',
    rule: '8:7',
    text: 'Un jugador protesta una decisión con gestos, por primera vez en el partido. ¿Cuál es la sanción habitual?',
    options: ['Ninguna: sólo se le habla', 'Amonestación (tarjeta amarilla)', 'Exclusión de 2 minutos', 'Descalificación'],
    correct: [1],
    explanation: 'La conducta antideportiva se castiga en forma progresiva: la primera vez, con una amonestación.',
  },
  {
    chapter: 'Regla 8',
    rule: '8:10',
    text: '¿En qué tramo del partido rige la regla especial que castiga con descalificación y 7 metros a quien impide que el adversario ejecute un saque?',
    options: ['Los últimos 30 segundos', 'El último minuto', 'Los últimos 2 minutos', 'Todo el segundo tiempo'],
    correct: [0],
    explanation:
      'Rige en los últimos 30 segundos del partido (o del alargue): además de la descalificación, el adversario recibe un 7 metros.',
  },
  {
    chapter: 'Regla 8',
    rule: '8:2',
    text: '¿Cuáles de estas acciones son faltas aunque no haya peligro para el adversario?',
    options: [
      'Empujarlo con las manos',
      'Agarrarlo del brazo para frenarlo',
      'Ubicarse en su camino antes de que llegue',
      'Levantar los brazos para tapar un lanzamiento',
    ],
    correct: [0, 1],
    explanation:
      'Empujar y agarrar son siempre faltas. Tomar posición a tiempo y tapar con los brazos en alto son acciones defensivas permitidas.',
  },
];

const regla13: SampleQuestion[] = [
  {
    chapter: 'Regla 13',
    rule: '13:7',
    text: 'En un tiro libre, ¿a qué distancia del lanzador tienen que estar los adversarios?',
    options: ['Un metro', 'Dos metros', 'Tres metros', 'Cinco metros'],
    correct: [2],
    explanation: 'A tres metros como mínimo; si el tiro libre es sobre su línea de 9 metros, pueden pararse junto a la línea de su área.',
  },
  {
    chapter: 'Regla 13',
    rule: '13:6',
    text: 'La falta ocurrió entre la línea del área de arco y la de 9 metros del defensor. ¿Desde dónde se ejecuta el tiro libre?',
    options: [
      'Desde el lugar exacto de la falta',
      'Desde el punto más cercano fuera de la línea de 9 metros',
      'Desde la línea de 7 metros',
      'Desde el centro del campo',
    ],
    correct: [1],
    explanation: 'Se corre hasta el punto más cercano del lado de afuera de la línea de tiro libre (la de 9 metros).',
  },
  {
    chapter: 'Regla 13',
    rule: '13:7',
    text: 'En un tiro libre sobre la línea de 9 metros del adversario, ¿qué tiene que respetarse antes del lanzamiento?',
    options: [
      'Los compañeros del lanzador no pueden tocar ni cruzar la línea de 9 metros',
      'Los defensores tienen que estar a tres metros, aunque pueden quedar junto a la línea de su área',
      'Todos los atacantes tienen que estar en su propia mitad',
      'El arquero tiene que estar sobre su línea de gol',
    ],
    correct: [0, 1],
    explanation:
      'Los atacantes se quedan fuera de la línea de 9 metros hasta que el balón sale de la mano del lanzador; los defensores guardan tres metros o se paran junto a su área.',
  },
  {
    chapter: 'Regla 13',
    rule: '15:3',
    text: '¿Hace falta el silbato del árbitro para ejecutar un tiro libre?',
    options: [
      'Sí, siempre',
      'No, nunca',
      'Sólo en los casos que el reglamento indica, por ejemplo después de un tiempo muerto',
      'Sólo si lo pide el equipo que defiende',
    ],
    correct: [2],
    explanation:
      'Por lo general se ejecuta sin silbato; el árbitro tiene que silbar en casos puntuales, como la reanudación tras un tiempo muerto.',
  },
];

const regla14: SampleQuestion[] = [
  {
    chapter: 'Regla 14',
    rule: '14:1',
    text: '¿En cuáles de estas situaciones se cobra un tiro de 7 metros?',
    options: [
      'Una falta destruye una clara ocasión de gol',
      'Una persona no autorizada entra al campo e impide una clara ocasión de gol',
      'Un defensor pisa su área sin sacar ventaja sobre el atacante',
      'Un atacante da cuatro pasos con el balón',
    ],
    correct: [0, 1],
    explanation:
      'El 7 metros repara la pérdida de una clara ocasión de gol, la cause un jugador, un oficial o alguien que no debía estar en el campo.',
  },
  {
    chapter: 'Regla 14',
    rule: '14:4',
    text: 'Después del silbato, ¿cuánto tiempo tiene el lanzador para ejecutar el 7 metros?',
    options: ['Tres segundos', 'Cinco segundos', 'Diez segundos', 'No hay límite'],
    correct: [0],
    explanation: 'Tiene tres segundos para lanzar al arco, sin tocar ni pasar la línea de 7 metros antes de que salga el balón.',
  },
  {
    chapter: 'Regla 14',
    rule: '14:7',
    text: 'Durante la ejecución de un 7 metros, ¿dónde tienen que estar los demás jugadores de campo?',
    options: [
      'Fuera de la línea de 9 metros',
      'Los adversarios, además, a tres metros como mínimo de la línea de 7 metros',
      'Dentro del área de arco, para tomar el rebote',
      'En cualquier lugar de su mitad de campo',
    ],
    correct: [0, 1],
    explanation:
      'Todos quedan fuera de la línea de 9 metros hasta que el balón sale de la mano del lanzador; los adversarios, también a tres metros de la línea de 7.',
  },
  {
    chapter: 'Regla 14',
    rule: '14:9',
    text: 'En un 7 metros, ¿qué línea no puede pasar el arquero antes de que el balón salga de la mano del lanzador?',
    options: ['La línea de gol', 'La línea de limitación del arquero (4 metros)', 'La línea del área de arco', 'La línea de 7 metros'],
    correct: [1],
    explanation: 'El arquero puede moverse, pero no pasar la línea de 4 metros; si la pasa y no hay gol, el 7 metros se repite.',
  },
];

const regla16: SampleQuestion[] = [
  {
    chapter: 'Regla 16',
    rule: '16:2',
    text: '¿Cuántas amonestaciones puede recibir como máximo un equipo?',
    options: [
      'Una por jugador, sin límite para el equipo',
      'Tres entre los jugadores y una entre los oficiales',
      'Dos entre los jugadores y dos entre los oficiales',
      'Cinco en total',
    ],
    correct: [1],
    explanation: 'Cada jugador recibe una amonestación como máximo; el equipo, tres entre sus jugadores y una entre sus oficiales.',
  },
  {
    chapter: 'Regla 16',
    rule: '16:6',
    text: 'Un jugador recibe su tercera exclusión de 2 minutos en el partido. ¿Qué sigue?',
    options: ['Cumple los 2 minutos y vuelve', 'Cumple 4 minutos', 'Es descalificado', 'El equipo pierde el partido'],
    correct: [2],
    explanation: 'La tercera exclusión del mismo jugador se convierte en descalificación.',
  },
  {
    chapter: 'Regla 16',
    rule: '16:8',
    text: '¿Qué consecuencias tiene la descalificación de un jugador durante el partido?',
    options: [
      'Tiene que dejar el campo y la zona de cambios',
      'Su equipo juega 2 minutos con un jugador menos',
      'El equipo puede reemplazarlo en el acto',
      'El adversario recibe siempre un 7 metros',
    ],
    correct: [0, 1],
    explanation: 'El descalificado se va del campo y del banco, y su equipo queda reducido durante 2 minutos; después puede completarse.',
  },
  {
    chapter: 'Regla 16',
    rule: '16:3',
    text: '¿Cuánto dura una exclusión?',
    options: ['Un minuto', 'Dos minutos', 'Cinco minutos', 'Hasta el próximo gol'],
    correct: [1],
    explanation: 'Dos minutos de juego: el tiempo corre sólo con el reloj del partido en marcha.',
  },
  {
    chapter: 'Regla 16',
    rule: '16:8',
    text: '¿Qué indica la tarjeta azul que el árbitro muestra después de la roja?',
    options: [
      'Que la descalificación se anula',
      'Que los árbitros van a presentar un informe escrito',
      'Que el equipo pierde un tiempo muerto',
      'Que el jugador puede volver a los 5 minutos',
    ],
    correct: [1],
    explanation: 'La azul avisa que la descalificación irá acompañada de un informe escrito a las autoridades, que pueden sumar sanciones.',
  },
  {
    chapter: 'Regla 16',
    rule: '16:3',
    text: 'Un oficial ya amonestado vuelve a protestar de forma antideportiva. ¿Qué corresponde?',
    options: [
      'Otra amonestación',
      'Una exclusión de 2 minutos: su equipo juega con un jugador menos en el campo',
      'Nada: los oficiales no pueden ser excluidos',
      'La expulsión de todo el cuerpo técnico',
    ],
    correct: [1],
    explanation: 'Al oficial se le aplica la sanción progresiva; la exclusión la cumple el equipo con un jugador menos durante 2 minutos.',
  },
];

/** The sample bank's edition of the rules. */
export const SAMPLE_BANK_EDITION = 2025;

/** The 30 questions, checked with the bank's own schema. */
export const sampleBank: BankQuestionInput[] = [...regla4, ...regla7, ...regla8, ...regla13, ...regla14, ...regla16].map((question) =>
  bankQuestionInputSchema.parse({ ...question, edition: SAMPLE_BANK_EDITION }),
);

/** Writes the sample bank into a course. */
export async function seedSampleBank(db: Db, courseId: string) {
  await db
    .insert(bankQuestion)
    .values(sampleBank.map((question, index) => ({ ...bankQuestionValues(courseId, question), createdAt: createdInOrder(index) })));
}
