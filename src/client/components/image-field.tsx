import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { AspectRatio, Box, Center, FileInput, Image, Loader, Overlay, Stack, Text } from '@mantine/core';
import { IconPhoto, IconPhotoUp } from '@tabler/icons-react';
import { messages } from '../../shared/messages.ts';
import { IMAGE_MAX_BYTES } from '../../shared/schemas/content.ts';
import { UploadProgress } from './upload-progress.tsx';

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
// Mantine's placeholder grey is too faint for WCAG AA on a file input (it shows it as real text).
const readablePlaceholder = { placeholder: { color: 'var(--mantine-color-gray-7)' } };
const kilobytes = new Intl.NumberFormat('es-AR', { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 0 });

type Compress = (file: File, options: import('browser-image-compression').Options) => Promise<File>;

/** Shrinks a picture in the browser (quality 0.6, at most 1600 px a side) so it uploads fast on mobile data. */
export async function compressImage(file: File): Promise<File> {
  // Loaded on first use: only the pages that pick an image pay for it.
  // The package's types describe CommonJS while Vite loads its ES module build: accept both shapes.
  const loaded = (await import('browser-image-compression')).default as unknown as Compress | { default: Compress };
  const imageCompression = typeof loaded === 'function' ? loaded : loaded.default;
  // No web worker: the library would fetch its worker script from a CDN, which the CSP forbids.
  const result = await imageCompression(file, { initialQuality: 0.6, maxWidthOrHeight: 1600, maxSizeMB: 4.5, useWebWorker: false });
  if (result.size === 0 || result.size > IMAGE_MAX_BYTES) throw new Error('La imagen no se pudo reducir lo suficiente.');
  return new File([result], file.name, { type: result.type || file.type, lastModified: file.lastModified });
}

/**
 * A form's picture: the optimized file once ready, and a way for saving to wait for one still
 * being optimized (on a phone's slower processor that takes a moment), so that tapping 'Crear'
 * meanwhile waits, with the button busy, instead of saying the picture is missing.
 */
export interface PickedImage {
  file: File | null;
  /** A picked picture is being optimized. */
  optimizing: boolean;
  /** Saving is waiting for the optimization. */
  waiting: boolean;
  /** The picture to upload, once optimized (null when none, or when it could not be optimized). */
  ready(): Promise<File | null>;
  clear(): void;
  /** For ImageField: a pick and its optimization. */
  track(optimized: Promise<File | null> | null): void;
}

export function usePickedImage(): PickedImage {
  const [file, setFile] = useState<File | null>(null);
  const [optimizing, setOptimizing] = useState(false);
  const [waiting, setWaiting] = useState(false);
  const latest = useRef<Promise<File | null> | null>(null);
  const current = useRef<File | null>(null);

  const track = useCallback((optimized: Promise<File | null> | null) => {
    latest.current = optimized;
    if (!optimized) {
      current.current = null;
      setFile(null);
      setOptimizing(false);
      return;
    }
    setOptimizing(true);
    void optimized.then((result) => {
      // A later pick replaced this one: its result is not the form's picture.
      if (latest.current !== optimized) return;
      latest.current = null;
      current.current = result;
      setFile(result);
      setOptimizing(false);
    });
  }, []);

  const ready = useCallback(async () => {
    let pending = latest.current;
    if (!pending) return current.current;
    setWaiting(true);
    try {
      // Wait for whichever pick is the latest when the previous one settles.
      while (pending) {
        await pending;
        pending = latest.current;
      }
      return current.current;
    } finally {
      setWaiting(false);
    }
  }, []);

  const clear = useCallback(() => track(null), [track]);

  return { file, optimizing, waiting, ready, clear, track };
}

interface ImageFieldProps {
  label: string;
  /** The picked picture (usePickedImage), compressed before it is ready to upload. */
  image: PickedImage;
  /** Called when the picture cannot be read or shrunk. */
  onCompressionError: () => void;
  /** The image saved so far, shown until another is picked (edit forms). */
  currentUrl?: string;
  /** Upload progress (0–100) while the picture is being sent. */
  progress?: number | null;
  error?: ReactNode;
  required?: boolean;
  disabled?: boolean;
}

/** Picks a JPG, PNG or WebP picture, compresses it and shows a preview. */
export function ImageField({ label, image, onCompressionError, currentUrl, progress, error, required, disabled }: ImageFieldProps) {
  const [picked, setPicked] = useState<File | null>(null);
  const [typeError, setTypeError] = useState<string | null>(null);
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const value = image.file;
  const compressing = image.optimizing;

  // The form forgot its picture (saved, or cleared): so does the field.
  useEffect(() => {
    if (!value && !compressing) setPicked(null);
  }, [value, compressing]);

  useEffect(() => {
    if (!value) {
      setPreviewUrl(null);
      return;
    }
    const url = URL.createObjectURL(value);
    setPreviewUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [value]);

  const pick = (file: File | null) => {
    setTypeError(null);
    setPicked(file);
    if (!file) {
      image.track(null);
      return;
    }
    if (!IMAGE_TYPES.includes(file.type)) {
      setTypeError(messages.imageType);
      image.track(null);
      return;
    }
    image.track(
      compressImage(file).catch(() => {
        onCompressionError();
        return null;
      }),
    );
  };

  const shown = previewUrl ?? currentUrl ?? null;
  return (
    <Stack gap="xs">
      <FileInput
        label={label}
        description="JPG, PNG o WebP. Se optimiza antes de subirla."
        placeholder={currentUrl ? 'Elegí otra para reemplazarla' : 'Elegí una imagen'}
        accept={IMAGE_TYPES.join(',')}
        leftSection={<IconPhotoUp size={18} aria-hidden />}
        value={picked}
        onChange={pick}
        error={typeError ?? error}
        required={required}
        disabled={disabled}
        clearable
        styles={readablePlaceholder}
        clearButtonProps={{ 'aria-label': 'Quitar la imagen' }}
      />
      <Box maw={360} w="100%" pos="relative" style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}>
        <AspectRatio ratio={16 / 9}>
          {shown ? (
            <Image src={shown} alt={previewUrl ? 'Vista previa de la imagen elegida' : 'Imagen actual'} fit="cover" />
          ) : (
            <Center
              bg="var(--mantine-color-gray-1)"
              c="gray.7"
              style={{ border: '1px dashed var(--mantine-color-gray-5)', borderRadius: 'var(--mantine-radius-md)' }}
            >
              <Stack align="center" gap={4}>
                <IconPhoto size={32} aria-hidden />
                <Text size="sm">Sin imagen</Text>
              </Stack>
            </Center>
          )}
        </AspectRatio>
        {compressing && (
          <Overlay color="#fff" backgroundOpacity={0.8} center>
            <Stack align="center" gap={4} role="status">
              <Loader size="sm" aria-hidden />
              <Text size="sm" fw={500}>
                Optimizando imagen…
              </Text>
            </Stack>
          </Overlay>
        )}
      </Box>
      {value && !compressing && progress == null && (
        <Text size="xs" c="dimmed">
          Imagen optimizada: {kilobytes.format(Math.max(1, Math.round(value.size / 1024)))}
        </Text>
      )}
      {progress != null && <UploadProgress label="Subiendo imagen" value={progress} />}
    </Stack>
  );
}
