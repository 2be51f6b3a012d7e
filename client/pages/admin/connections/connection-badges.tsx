import type { Connection } from '@common/connections.ts';
import { CredentialsBadge } from '@/components/connection-badges.tsx';
import { credentialsListLabel } from '@/lib/connection-display.ts';

/** The table's credentials state; a failed check's reason is the badge's tooltip. */
export function ConnectionCredentialsBadge({ connection }: { connection: Connection }) {
  const { label, tone } = credentialsListLabel(connection);
  const reason = label === 'Failed' ? (connection.verificationMessage ?? undefined) : undefined;
  return <CredentialsBadge label={label} tone={tone} title={reason} />;
}
