import type { WebhookEndpoint } from '@common/webhooks.ts';
import { Button } from '@/components/ui/button.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog.tsx';
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
    <Dialog
      open={endpoint !== null}
      onOpenChange={(open) => {
        if (!open && !deleteWebhook.isPending) onClose();
      }}
    >
      <DialogContent role="alertdialog" className="max-w-md">
        <DialogHeader>
          <DialogTitle>Delete Webhook</DialogTitle>
          <DialogDescription>
            Are you sure you want to delete the webhook{' '}
            <span className="break-all font-medium text-slate-900">{endpoint?.url}</span>?
          </DialogDescription>
        </DialogHeader>
        <p className="text-slate-600 text-sm">
          It stops receiving events at once and its delivery history is deleted with it.
        </p>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={deleteWebhook.isPending}>
              Cancel
            </Button>
          </DialogClose>
          <Button
            variant="destructive"
            disabled={deleteWebhook.isPending}
            onClick={() => endpoint && deleteWebhook.mutate(endpoint, { onSuccess: onClose })}
          >
            {deleteWebhook.isPending ? 'Deleting...' : 'Delete'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
