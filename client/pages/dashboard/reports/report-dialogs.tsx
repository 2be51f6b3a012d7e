import type { PlanType } from '@common/api.ts';
import type { RecordUsageResponse } from '@common/billing.ts';
import type { Connection } from '@common/connections.ts';
import { ShieldCheck } from 'lucide-react';
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
import { formatUsd } from '@/lib/format.ts';
import { reportPrice } from './report-requests.ts';

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
  const price = reportPrice(planType);
  return (
    <Dialog
      open={connection !== null}
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
    >
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Generate Report</DialogTitle>
          <DialogDescription>
            A utility report for {connection?.customerName} ({connection?.provider.name}):
            statements, interval data and the usage summary.
          </DialogDescription>
        </DialogHeader>
        <p className="rounded-lg bg-slate-50 p-4 text-slate-900">
          <span className="font-bold text-2xl">{price.amount}</span>{' '}
          <span className="text-slate-700">{price.when}.</span>
        </p>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={pending}>
              Cancel
            </Button>
          </DialogClose>
          <Button onClick={onConfirm} disabled={pending}>
            {pending ? 'Requesting...' : 'Request Report'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
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
    <Dialog
      open={record !== null}
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
    >
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <ShieldCheck className="size-5 text-blue-600" aria-hidden="true" />
            Confirm your payment
          </DialogTitle>
          <DialogDescription>
            Your bank asks you to confirm the {record ? formatUsd(record.costCents) : ''} charge for
            this report. The report starts once the payment is confirmed.
          </DialogDescription>
        </DialogHeader>
        {record?.statusMessage && <p className="text-slate-600 text-sm">{record.statusMessage}</p>}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={pending}>
              Not now
            </Button>
          </DialogClose>
          <Button onClick={onConfirm} disabled={pending}>
            {pending ? 'Confirming...' : 'Confirm payment'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
