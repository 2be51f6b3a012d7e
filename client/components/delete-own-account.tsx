import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { TypedConfirmDialog } from '@/components/typed-confirm-dialog.tsx';
import { Button } from '@/components/ui/button.tsx';
import { toast } from '@/components/ui/use-toast.ts';
import { apiRequest } from '@/lib/api.ts';
import { USER_QUERY_KEY } from '@/lib/auth.tsx';

/**
 * Delete Account, at the foot of the signed-in person's own account card (users and admins):
 * what goes and what stays, then the password in a dialog. The session ends with the account.
 */
export function DeleteOwnAccount() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const remove = useMutation({
    mutationFn: (password: string) =>
      apiRequest<{ message: string }>('DELETE', '/api/user', { password }),
    onSuccess: (answer) => {
      setOpen(false);
      // Leave the signed-in page first, so it does not bounce to the sign-in page.
      navigate('/');
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== USER_QUERY_KEY[0] });
      queryClient.setQueryData(USER_QUERY_KEY, null);
      toast({ title: 'Account Deleted', description: answer.message });
    },
    onError: (error) => setProblem(error.message),
  });

  return (
    <section
      aria-labelledby="delete-account-heading"
      className="grid gap-3 border-slate-100 border-t pt-6"
    >
      <h3 id="delete-account-heading" className="font-semibold text-slate-900">
        Delete Account
      </h3>
      <p className="max-w-prose text-slate-600 text-sm">
        Deletes your account and everything in it: your customers and their utility logins, their
        bills and usage files, your reports, API keys, webhooks and business details. Your customer
        form link stops working. The record of what you paid is kept, without your name, as the law
        requires. This cannot be undone.
      </p>
      <Button
        variant="destructive"
        className="justify-self-start"
        onClick={() => {
          setProblem(null);
          setOpen(true);
        }}
      >
        Delete Account
      </Button>
      <TypedConfirmDialog
        open={open}
        title="Delete Account"
        question="Delete your account and all its data? You are signed out at once, and this cannot be undone."
        field={{ label: 'Your password', type: 'password', autoComplete: 'current-password' }}
        confirmLabel="Delete My Account"
        pendingLabel="Deleting..."
        pending={remove.isPending}
        problem={problem}
        onConfirm={(password) => {
          setProblem(null);
          remove.mutate(password);
        }}
        onClose={() => setOpen(false)}
      />
    </section>
  );
}
