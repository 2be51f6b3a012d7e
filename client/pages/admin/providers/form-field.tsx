import type { ReactNode } from 'react';
import { Label } from '@/components/ui/label.tsx';

/** A labelled input of the provider modal; `required` adds the red asterisk. */
export function Field({
  label,
  htmlFor,
  required = false,
  children,
}: {
  label: string;
  htmlFor: string;
  required?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={htmlFor}>
        {label}
        {required ? (
          <span className="text-red-600" aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
      </Label>
      {children}
    </div>
  );
}
