import type { WebhookEndpoint } from '@common/webhooks.ts';
import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog.tsx';
import { useDeleteWebhook } from './use-webhooks.ts';

export function DeleteWebhookDialog({
  endpoint,
  onClose,
}: {
  endpoint: WebhookEndpoint | null;
  onClose: () => void;
}) {
  const deleteWebhook = useDeleteWebhook();
  return (
    <ConfirmDeleteDialog
      open={endpoint !== null}
      title="Delete Webhook"
      question={
        <>
          Are you sure you want to delete the webhook{' '}
          <span className="break-all font-medium text-slate-900">{endpoint?.url}</span>?
        </>
      }
      note="It stops receiving events at once and its delivery history is deleted with it."
      pending={deleteWebhook.isPending}
      onConfirm={() => endpoint && deleteWebhook.mutate(endpoint, { onSuccess: onClose })}
      onClose={onClose}
    />
  );
}
