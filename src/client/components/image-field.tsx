import { useEffect, useRef, useState, type ReactNode } from 'react';
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

interface ImageFieldProps {
  label: string;
  /** The picked picture, already compressed and ready to upload. */
  value: File | null;
  onChange: (file: File | null) => void;
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
export function ImageField({ label, value, onChange, onCompressionError, currentUrl, progress, error, required, disabled }: ImageFieldProps) {
  const [compressing, setCompressing] = useState(false);
  const [typeError, setTypeError] = useState<string | null>(null);
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const latestPick = useRef(0);

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
    const pickId = ++latestPick.current;
    setTypeError(null);
    if (!file) {
      setCompressing(false);
      onChange(null);
      return;
    }
    if (!IMAGE_TYPES.includes(file.type)) {
      setCompressing(false);
      setTypeError(messages.imageType);
      onChange(null);
      return;
    }
    setCompressing(true);
    compressImage(file).then(
      (compressed) => {
        if (pickId !== latestPick.current) return;
        setCompressing(false);
        onChange(compressed);
      },
      () => {
        if (pickId !== latestPick.current) return;
        setCompressing(false);
        onChange(null);
        onCompressionError();
      },
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
        value={value}
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
            <Center bg="var(--mantine-color-gray-1)" c="gray.7" style={{ border: '1px dashed var(--mantine-color-gray-5)', borderRadius: 'var(--mantine-radius-md)' }}>
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
