import type { useForm } from '@mantine/form';
import * as z from 'zod/mini';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { safeParse } from 'zod/v4/core';
import { messages } from '../../../shared/messages.ts';
import {
  moduleInputSchema,
  questionTextSchema,
  videoUrlSchema,
  type ModuleInputBody,
  type ModuleUpdateBody,
  type ModuleWithQuestions,
} from '../../../shared/schemas/content.ts';
import { amountSchema } from '../../../shared/schemas/payments.ts';
import type { ModuleVideoInput } from './api/upload-module-video.ts';
import { formatDuration, parseDuration } from './video-duration.ts';

/** A question in the editor; the key keeps focus and React state with it when the list is reordered. */
export interface QuestionItem {
  key: string;
  text: string;
}

let nextKey = 0;
export const questionItem = (text: string): QuestionItem => ({ key: `pregunta-${++nextKey}`, text });

/** The typed fields of the module forms, checked with the server's own rules; picture and course are checked apart. */
export const moduleFieldsSchema = z.extend(z.pick(moduleInputSchema, { name: true }), {
  questions: z
    .array(z.object({ key: z.string(), text: questionTextSchema }))
    .check(z.maxLength(100, 'Un módulo puede tener como máximo 100 preguntas')),
});

/** An uploaded video file the module uses (or will use once saved). */
export interface VideoFileValue {
  id: string;
  /** The file's name when it was chosen now; null for the module's saved file. */
  name: string | null;
  mimeType: string;
  size: number;
}

export type ModuleFields = z.input<typeof moduleFieldsSchema> & {
  /** The text typed in 'Nueva pregunta', not yet added to the list. */
  draft: string;
  /** Whether the video is an address ('url') or an uploaded file ('file'). */
  videoSource: 'url' | 'file';
  videoUrl: string;
  /** 'Duración (mm:ss)' of the address's video: read by the editor's player or typed; '' when not known. */
  videoDuration: string;
  videoFile: VideoFileValue | null;
  /** 'Pagado mínimo para habilitar' in whole pesos; '' for none. */
  minPaid: number | string;
  /** 'Subtítulos (.vtt)' chosen now, sent once the module is saved. */
  captionsFile: File | null;
  /** The saved module has captions, and 'Quitar subtítulos' was pressed. */
  removeCaptions: boolean;
};

export const videoFileMissing = 'Subí el archivo de video (MP4 o WebM) y esperá a que termine de subir.';

/** Name and questions with the server's rules; the video by its source: a valid address, or a finished upload. */
export function validateModuleFields(values: ModuleFields): Record<string, string> {
  const errors: Record<string, string> = zod4Resolver(moduleFieldsSchema)(values) as Record<string, string>;
  if (values.videoSource === 'url') {
    const url = safeParse(videoUrlSchema, values.videoUrl);
    if (!url.success) errors['videoUrl'] = url.error.issues[0]?.message ?? messages.invalidVideo;
    if (values.videoDuration.trim() !== '' && parseDuration(values.videoDuration) === undefined)
      errors['videoDuration'] = messages.moduleVideoDuration;
  } else if (!values.videoFile) {
    errors['videoFile'] = videoFileMissing;
  }
  if (values.minPaid !== '') {
    const minPaid = safeParse(amountSchema, values.minPaid);
    if (!minPaid.success) errors['minPaid'] = minPaid.error.issues[0]?.message ?? messages.badRequest;
  }
  return errors;
}

/** The video part of the body the API takes. */
const videoInput = (values: ModuleFields): ModuleVideoInput =>
  values.videoSource === 'file' && values.videoFile
    ? { videoId: values.videoFile.id }
    : { videoUrl: values.videoUrl, videoDuration: parseDuration(values.videoDuration) ?? null };

/** The form's video fields for a saved module. */
const savedVideoFields = (module: ModuleWithQuestions): Pick<ModuleFields, 'videoSource' | 'videoUrl' | 'videoDuration' | 'videoFile'> =>
  module.videoFile
    ? { videoSource: 'file', videoUrl: '', videoDuration: '', videoFile: { ...module.videoFile, name: null } }
    : {
        videoSource: 'url',
        videoUrl: module.videoUrl,
        videoDuration: module.videoDuration === null ? '' : formatDuration(module.videoDuration),
        videoFile: null,
      };

/** What the module forms send, picture and course apart: the API's own module fields. */
export type ModuleBody = Omit<ModuleInputBody, 'courseId' | 'imageId'>;

/** The form's values: empty for a new module, or the saved module's. */
export function moduleFormValues(module?: ModuleWithQuestions): ModuleFields {
  if (!module)
    return {
      name: '',
      videoSource: 'url',
      videoUrl: '',
      videoDuration: '',
      videoFile: null,
      questions: [],
      draft: '',
      minPaid: '',
      captionsFile: null,
      removeCaptions: false,
    };
  return {
    name: module.name,
    ...savedVideoFields(module),
    questions: module.questions.map((question) => questionItem(question.text)),
    draft: '',
    minPaid: module.minPaid ?? '',
    captionsFile: null,
    removeCaptions: false,
  };
}

/** The captions change the form asks for: only for an uploaded video (an address has none). */
export const captionsChange = (values: ModuleFields) =>
  values.videoSource === 'file' ? { file: values.captionsFile, remove: values.removeCaptions } : { file: null, remove: false };

/** The body the API takes from the form's values. */
export const moduleBody = (values: ModuleFields): ModuleBody => ({
  name: values.name,
  ...videoInput(values),
  questions: values.questions.map((question) => question.text.trim()),
  minPaid: values.minPaid === '' ? null : Number(values.minPaid),
});

/**
 * What the edit form sends for a saved module: its fields, and its questions only when they
 * changed (saving the same questions again would still replace them on the server).
 */
export function moduleChanges(values: ModuleFields, module: ModuleWithQuestions): ModuleUpdateBody {
  const { questions, ...body } = moduleBody(values);
  const saved = moduleBody(moduleFormValues(module)).questions;
  return JSON.stringify(questions) === JSON.stringify(saved) ? body : { ...body, questions };
}

// @mantine/form's own type names do not resolve under NodeNext, so name the form by what useForm returns.
export type ModuleForm = ReturnType<typeof useForm<ModuleFields>>;

/** The server's error paths are the form's fields (`questions.N.text`), but for the uploaded video's. */
export function toFormErrors(fields: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).map(([path, message]) => [path === 'videoId' ? 'videoFile' : path, message]));
}
