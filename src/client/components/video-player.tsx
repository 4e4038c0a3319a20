import { AspectRatio, Anchor, Text } from '@mantine/core';
import { youtubeId } from '../../shared/schemas/content.ts';

/**
 * A module's video: YouTube addresses and bare ids play in YouTube's privacy-enhanced
 * embed; any other address is a video file for the browser's own player.
 */
export function VideoPlayer({ videoUrl, title }: { videoUrl: string; title: string }) {
  const id = youtubeId(videoUrl);
  return (
    <AspectRatio ratio={16 / 9} bg="black" style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}>
      {id ? (
        <iframe
          src={`https://www.youtube-nocookie.com/embed/${id}`}
          title={`Video: ${title}`}
          referrerPolicy="strict-origin-when-cross-origin"
          allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen"
          allowFullScreen
          style={{ border: 0, display: 'block' }}
        />
      ) : (
        <video controls preload="metadata" src={videoUrl} aria-label={`Video: ${title}`} style={{ objectFit: 'contain', display: 'block' }}>
          <Text c="white" p="md">
            Tu navegador no puede mostrar este video.{' '}
            <Anchor href={videoUrl} c="white" td="underline">
              Abrilo en otra pestaña
            </Anchor>
            .
          </Text>
        </video>
      )}
    </AspectRatio>
  );
}
