import type { Connection } from '@common/connections.ts';
import { CredentialsBadge } from '@/components/connection-badges.tsx';
import { credentialsState } from '@/lib/connection-display.ts';

/** The table's credentials state; why a check failed or could not run is the badge's tooltip. */
export function ConnectionCredentialsBadge({ connection }: { connection: Connection }) {
  const { label, tone, detail } = credentialsState(connection);
  return <CredentialsBadge label={label} tone={tone} title={detail ?? undefined} />;
}
