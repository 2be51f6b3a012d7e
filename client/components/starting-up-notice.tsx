import { STARTING_UP_MESSAGE } from '@common/starting-up.ts';
import { Loader2 } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { isStartingUp, subscribeStartingUp } from '@/lib/starting-up.ts';

/** A bar across the top while the server is still starting; requests wait and then go on. */
export function StartingUpNotice() {
  const starting = useSyncExternalStore(subscribeStartingUp, isStartingUp);
  if (!starting) return null;
  return (
    <div
      role="status"
      className="fixed inset-x-0 top-0 z-50 flex items-center justify-center gap-2 bg-amber-100 px-4 py-2 text-sm text-amber-900 shadow"
    >
      <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
      {STARTING_UP_MESSAGE}
    </div>
  );
}
