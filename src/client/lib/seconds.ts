const tenths = new Intl.NumberFormat('es-AR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const plain = new Intl.NumberFormat('es-AR', { maximumFractionDigits: 2 });

/** '3,2 s': a moment in the video, to a tenth of a second. */
export const formatMoment = (seconds: number) => `${tenths.format(seconds)} s`;

/** '1 s', '0,5 s': a duration as the admin typed it. */
export const formatSeconds = (seconds: number) => `${plain.format(seconds)} s`;

/** Rounded to a tenth, the precision the student marks with. */
export const toTenth = (seconds: number) => Math.round(seconds * 10) / 10;
