import type { PlanType } from '@common/api.ts';
import { chargedOnDelivery, type RecordUsageResponse } from '@common/billing.ts';
import type { Connection } from '@common/connections.ts';
import { ShieldCheck } from 'lucide-react';
import { ConfirmFooter, ModalDialog } from '@/components/modal-dialog.tsx';
import { useReportDeadlineDays } from '@/lib/billing-queries.ts';
import { formatUsd } from '@/lib/format.ts';
import { onDeliveryReason, reportPrice } from './report-requests.ts';

/** States the price of the user's plan before anything is charged. */
export function ConfirmReportDialog({
  connection,
  planType,
  pending,
  onConfirm,
  onCancel,
}: {
  connection: Connection | null;
  planType: PlanType;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const onDelivery = connection !== null && chargedOnDelivery(connection);
  const price = reportPrice(planType, onDelivery);
  const deadlineDays = useReportDeadlineDays();
  return (
    <ModalDialog
      open={connection !== null}
      onClose={onCancel}
      className="max-w-md"
      title="Generate Report"
      description={
        <>
          A utility report for {connection?.customerName} ({connection?.provider.name}): statements,
          interval data and the usage summary.
        </>
      }
    >
      <p className="rounded-lg bg-slate-50 p-4 text-slate-900">
        <span className="font-bold text-2xl">{price.amount}</span>{' '}
        <span className="text-slate-700">{price.when}.</span>
      </p>
      {connection && onDelivery && (
        <p className="text-slate-700 text-sm">{onDeliveryReason(connection, deadlineDays)}</p>
      )}
      <ConfirmFooter
        confirmLabel="Request Report"
        pendingLabel="Requesting..."
        pending={pending}
        onConfirm={onConfirm}
      />
    </ModalDialog>
  );
}

/** The bank asks the cardholder to confirm a report's charge (3-D Secure). */
export function ConfirmPaymentDialog({
  record,
  pending,
  onConfirm,
  onCancel,
}: {
  record: RecordUsageResponse | null;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <ModalDialog
      open={record !== null}
      onClose={onCancel}
      className="max-w-md"
      icon={<ShieldCheck className="size-5 text-blue-600" aria-hidden="true" />}
      title="Confirm your payment"
      description={
        <>
          Your bank asks you to confirm the {record ? formatUsd(record.costCents) : ''} charge for
          this report. The report starts once the payment is confirmed.
        </>
      }
    >
      {record?.statusMessage && <p className="text-slate-600 text-sm">{record.statusMessage}</p>}
      <ConfirmFooter
        cancelLabel="Not now"
        confirmLabel="Confirm payment"
        pendingLabel="Confirming..."
        pending={pending}
        onConfirm={onConfirm}
      />
    </ModalDialog>
  );
}
