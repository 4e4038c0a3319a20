// Imported once by each side before any schema is used: zod's built-in messages in Spanish,
// so even a check without a custom text answers in the user's language.
import { z } from 'zod';
import { es } from 'zod/locales';

z.config(es());

export { z };
