import type { User } from '@common/api.ts';
import type { BillingSummary, RecordUsageResponse } from '@common/billing.ts';
import type { Connection } from '@common/connections.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { BILLING_QUERY_KEY } from '@/lib/billing-queries.ts';
import {
  reportDescription,
  reportErrorToast,
  reportFailedToast,
  reportRequestedToast,
} from './report-requests.ts';
import { showReportToast } from './report-toast.tsx';
import { useConfirmUsage } from './use-confirm-usage.ts';
import { useRecordUsage } from './use-record-usage.ts';

const NO_STRIPE = 'Card confirmation is not available right now. Please try again later.';

/**
 * Generate Report for a paying user: confirm the price, request the report, and when the bank
 * asks for it, let the cardholder confirm the charge with Stripe.js, then tell the server.
 */
export function useReportFlow(user: Pick<User, 'planType'>) {
  const queryClient = useQueryClient();
  const recordUsage = useRecordUsage();
  const confirmUsage = useConfirmUsage();
  /** The connection whose price is being confirmed. */
  const [confirming, setConfirming] = useState<Connection | null>(null);
  /** A charge waiting for the cardholder. */
  const [awaiting, setAwaiting] = useState<RecordUsageResponse | null>(null);
  const [authenticating, setAuthenticating] = useState(false);

  function settle(record: RecordUsageResponse) {
    if (record.status === 'requires_action' && record.paymentIntentClientSecret) {
      setAwaiting(record);
    } else if (record.status === 'failed' || record.status === 'requires_action') {
      const message = record.statusMessage ?? 'Failed to generate report';
      showReportToast(reportFailedToast(message, { declined: true, planType: user.planType }));
    } else {
      showReportToast(reportRequestedToast(record));
    }
  }

  /** record-usage; asked again for an open request, it answers that request (no new charge). */
  async function record(connection: Connection) {
    try {
      settle(
        await recordUsage.mutateAsync({
          reportType: 'utility_report',
          connectionId: connection.id,
          description: reportDescription(connection),
        }),
      );
    } catch (error) {
      showReportToast(reportErrorToast(error, user.planType));
    }
  }

  async function requestReport() {
    if (!confirming || recordUsage.isPending) return;
    await record(confirming);
    setConfirming(null);
  }

  /** A request left waiting for the bank: fetch its payment again and open the confirmation. */
  function resumePayment(connection: Connection) {
    if (!recordUsage.isPending) void record(connection);
  }

  async function confirmPayment() {
    const clientSecret = awaiting?.paymentIntentClientSecret;
    if (!awaiting || !clientSecret || authenticating) return;
    setAuthenticating(true);
    try {
      const billing = await queryClient.ensureQueryData<BillingSummary>({
        queryKey: BILLING_QUERY_KEY,
      });
      if (!billing.publishableKey) {
        showReportToast(reportFailedToast(NO_STRIPE, { declined: false, planType: user.planType }));
        return;
      }
      const { confirmCardCharge } = await import('./confirm-card-charge.ts');
      const { error } = await confirmCardCharge(billing.publishableKey, clientSecret);
      if (error) {
        // The dialog stays open: the cardholder may try again, or cancel.
        showReportToast(reportFailedToast(error, { declined: true, planType: user.planType }));
        return;
      }
      const record = await confirmUsage.mutateAsync(awaiting.id);
      setAwaiting(null);
      settle(record);
    } catch (error) {
      setAwaiting(null);
      showReportToast(reportErrorToast(error, user.planType));
    } finally {
      setAuthenticating(false);
    }
  }

  return {
    confirming,
    /** Opens the price confirmation for a connection. */
    askToConfirm: setConfirming,
    cancelConfirm: () => {
      if (!recordUsage.isPending) setConfirming(null);
    },
    requestReport,
    resumePayment,
    requesting: recordUsage.isPending,
    awaiting,
    dismissAwaiting: () => {
      if (!authenticating) setAwaiting(null);
    },
    confirmPayment,
    authenticating,
  };
}
