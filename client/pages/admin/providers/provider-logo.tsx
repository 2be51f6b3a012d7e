import { useState } from 'react';
import { cn } from '@/lib/utils.ts';
import { initialOf } from './provider-display.ts';

/** A provider's logo, or its initial when it has none (or the image does not load). */
export function ProviderLogo({
  name,
  imageUrl,
  className,
}: {
  name: string;
  imageUrl: string | null;
  className?: string;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const box = cn('size-14 shrink-0 rounded-lg border border-slate-200', className);
  if (imageUrl && failed !== imageUrl) {
    return (
      <img
        src={imageUrl}
        alt={`${name} logo`}
        className={cn(box, 'bg-white object-contain p-1')}
        onError={() => setFailed(imageUrl)}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={cn(
        box,
        'flex items-center justify-center bg-blue-50 font-semibold text-blue-700 text-xl',
      )}
    >
      {initialOf(name)}
    </span>
  );
}
