import type { useForm } from '@mantine/form';
import * as z from 'zod/mini';
import { moduleInputSchema, questionTextSchema } from '../../../shared/schemas/content.ts';

/** A question in the editor; the key keeps focus and React state with it when the list is reordered. */
export interface QuestionItem {
  key: string;
  text: string;
}

let nextKey = 0;
export const questionItem = (text: string): QuestionItem => ({ key: `pregunta-${++nextKey}`, text });

/** The typed fields of the module forms, checked with the server's own rules; picture and course are checked apart. */
export const moduleFieldsSchema = z.extend(z.pick(moduleInputSchema, { name: true, videoUrl: true }), {
  questions: z
    .array(z.object({ key: z.string(), text: questionTextSchema }))
    .check(z.maxLength(100, 'Un módulo puede tener como máximo 100 preguntas')),
});

export type ModuleFields = z.input<typeof moduleFieldsSchema> & {
  /** The text typed in 'Nueva pregunta', not yet added to the list. */
  draft: string;
};

// @mantine/form's own type names do not resolve under NodeNext, so name the form by what useForm returns.
export type ModuleForm = ReturnType<typeof useForm<ModuleFields>>;

/** The server names question errors `questions.N`; the form's field is `questions.N.text`. */
export function toFormErrors(fields: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).map(([path, message]) => [path.replace(/^questions\.(\d+)$/, 'questions.$1.text'), message]));
}
