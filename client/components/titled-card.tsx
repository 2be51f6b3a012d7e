import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card.tsx';

/**
 * A card headed by its title (an icon before it, if any) and a line on what it holds; the body
 * (usually a CardContent) is the child. With `id`, the card is a region named by its title.
 */
export function TitledCard({
  id,
  icon: Icon,
  title,
  description,
  children,
}: {
  id?: string;
  icon?: LucideIcon;
  title: ReactNode;
  description: ReactNode;
  children?: ReactNode;
}) {
  const header = (
    <CardHeader>
      <CardTitle id={id} className={Icon && 'flex items-center gap-2'}>
        {Icon && <Icon className="size-5 text-blue-600" aria-hidden="true" />}
        {title}
      </CardTitle>
      <CardDescription>{description}</CardDescription>
    </CardHeader>
  );
  if (id === undefined) {
    return (
      <Card>
        {header}
        {children}
      </Card>
    );
  }
  return (
    <Card asChild>
      <section aria-labelledby={id}>
        {header}
        {children}
      </section>
    </Card>
  );
}
