import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** A titled group of the form's fields. */
export function FormSection({
  icon: Icon,
  title,
  description,
  children,
}: {
  icon: LucideIcon;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="grid grid-cols-1 gap-5 border-slate-200 border-t pt-6 first:border-t-0 first:pt-0">
      <div>
        <h2 className="flex items-center gap-2 font-semibold text-lg text-slate-900">
          <Icon className="size-5 text-blue-600" aria-hidden="true" />
          {title}
        </h2>
        {description && <p className="mt-1 text-slate-600 text-sm">{description}</p>}
      </div>
      {children}
    </section>
  );
}
