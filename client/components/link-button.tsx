import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Button, type ButtonProps } from '@/components/ui/button.tsx';

/** A link within the app that looks like a button (Back to Home, View Pricing). */
export function LinkButton({
  href,
  children,
  ...button
}: Omit<ButtonProps, 'asChild' | 'children'> & { href: string; children: ReactNode }) {
  return (
    <Button asChild {...button}>
      <Link href={href}>{children}</Link>
    </Button>
  );
}
