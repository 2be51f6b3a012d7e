import type { Provider } from '@common/providers.ts';
import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog.tsx';
import { useDeleteProvider } from './use-providers.ts';

/** Asks before deleting; a refusal (a provider that connections use) shows the server's words. */
export function DeleteProviderDialog({
  provider,
  onClose,
}: {
  provider: Provider | null;
  onClose: () => void;
}) {
  const deleteProvider = useDeleteProvider();
  return (
    <ConfirmDeleteDialog
      open={provider !== null}
      title="Delete Provider"
      question={`Are you sure you want to delete ${provider?.name}?`}
      note="This cannot be undone. A provider that connections use cannot be deleted; deactivate it instead."
      pending={deleteProvider.isPending}
      onConfirm={() => provider && deleteProvider.mutate(provider, { onSettled: onClose })}
      onClose={onClose}
    />
  );
}
