// Imported once by the server before any schema is used: zod's built-in messages in Spanish,
// so even a check without a custom text answers in the user's language.
import { config } from 'zod/mini';
import { es } from 'zod/locales';

config(es());
