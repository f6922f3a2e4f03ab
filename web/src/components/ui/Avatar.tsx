import { useState } from 'react';
import { cn } from './cn';

export interface AvatarProps {
  src: string | null;
  fallbackSrc: string;
  alt: string;
  className?: string;
}

/** An image that falls back to `fallbackSrc` when there is none or it fails to load (spec §8). */
export function Avatar({ src, fallbackSrc, alt, className }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const shown = src && src !== failedSrc ? src : fallbackSrc;
  return (
    <img
      src={shown}
      alt={alt}
      onError={() => {
        if (shown !== fallbackSrc) setFailedSrc(shown);
      }}
      className={cn('shrink-0 rounded-full bg-muted object-cover', className)}
    />
  );
}
