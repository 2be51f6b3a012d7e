import type { Connection } from '@common/connections.ts';
import { useMutation } from '@tanstack/react-query';
import { Mail } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { toast } from '@/components/ui/use-toast.ts';
import { apiRequest } from '@/lib/api.ts';
import { showError } from '@/lib/error-toast.ts';

/** Whether the customer's login is one they could still fix: kept, not verified, not finished. */
export const canSendFixLink = (connection: Connection) =>
  connection.hasCredentials &&
  connection.credentialsVerified !== true &&
  connection.status !== 'complete';

/**
 * "Email the customer a new login link": the customer gets a single-use link to type their
 * utility login again; the link sent before stops working. For the owner and for admins.
 */
export function SendFixLinkButton({ connection }: { connection: Connection }) {
  const send = useMutation({
    mutationFn: () =>
      apiRequest<{ sentTo: string; expiresAt: string }>(
        'POST',
        `/api/connections/${connection.id}/fix-link`,
      ),
    onSuccess: (sent) =>
      toast({
        title: 'Link sent',
        description: `${sent.sentTo} can now enter their utility login again. The link sent before no longer works.`,
      }),
    onError: showError,
  });
  if (!canSendFixLink(connection)) return null;
  return (
    <Button variant="outline" size="sm" disabled={send.isPending} onClick={() => send.mutate()}>
      <Mail aria-hidden="true" />
      {send.isPending ? 'Sending...' : 'Email the customer a new login link'}
    </Button>
  );
}
