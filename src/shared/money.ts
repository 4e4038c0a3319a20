// Money is whole pesos (integers) everywhere; this is how the app writes an amount: '$ 3.000'.

const pesosFormat = new Intl.NumberFormat('es-AR', {
  style: 'currency',
  currency: 'ARS',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

/** '$ 3.000': an amount of whole pesos as es-AR writes it (a non-breaking space after the sign). */
export const pesos = (amount: number) => pesosFormat.format(amount);
