/**
 * 'Módulo 2' above a module's name, unless its name already says it ('Módulo 2: Faltas y
 * sanciones'): then the number would show twice.
 */
export function moduleNumberLabel(name: string, number: number): string | null {
  const saysIt = new RegExp(`^\\s*m[oó]dulo\\s*${number}(\\D|$)`, 'i').test(name);
  return saysIt ? null : `Módulo ${number}`;
}
