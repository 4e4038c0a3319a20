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
  return <Image src={src} alt="" loading={loading} decoding="async" fit="cover" fallbackSrc={placeholder} {...props} />;
}
