import { useEffect, useRef, useState } from 'react';
import { Image, type ImageProps } from '@mantine/core';

// A neutral block shown while an image is missing or fails to load.
const placeholder =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='16' height='9'%3E%3Crect width='16' height='9' fill='%23e9ecef'/%3E%3C/svg%3E";

interface CoverImageProps extends Omit<ImageProps, 'src' | 'alt'> {
  src: string;
  /** 'eager' for the one picture at the top of a page; lists load theirs as they scroll into view. */
  loading?: 'lazy' | 'eager';
}

/** A course or module picture: decorative (the name is always written next to it), cropped to fill. */
export function CoverImage({ src, loading = 'lazy', ...props }: CoverImageProps) {
  const ref = useRef<HTMLImageElement>(null);
  const [failed, setFailed] = useState<string | null>(null);
  // On a page the server rendered, a picture can fail before the app takes the page over: its error
  // went unheard, and the browser would keep showing a broken image.
  useEffect(() => {
    const image = ref.current;
    if (image?.complete && image.naturalWidth === 0 && image.getAttribute('src') === src) setFailed(src);
  }, [src]);
  return (
    <Image
      ref={ref}
      src={failed === src ? placeholder : src}
      alt=""
      loading={loading}
      decoding="async"
      fit="cover"
      fallbackSrc={placeholder}
      {...props}
    />
  );
}
