import { LogOut } from 'lucide-react';
import { Button, type ButtonProps } from '@/components/ui/button.tsx';
import { useAuth } from '@/lib/auth.tsx';

export function SignOutButton(props: Omit<ButtonProps, 'onClick' | 'children'>) {
  const { logoutMutation } = useAuth();
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={logoutMutation.isPending}
      onClick={() => logoutMutation.mutate()}
      {...props}
    >
      <LogOut aria-hidden="true" />
      {logoutMutation.isPending ? 'Signing out...' : 'Sign Out'}
    </Button>
  );
}
