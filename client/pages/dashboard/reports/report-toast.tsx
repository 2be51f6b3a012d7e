import { Link } from 'wouter';
import { toast } from '@/components/ui/use-toast.ts';
import type { ReportToast } from './report-requests.ts';

/** Shows a report toast; its action (a new card after a decline) is a link under the message. */
export function showReportToast({ action, ...input }: ReportToast): void {
  if (!action) {
    toast(input);
    return;
  }
  toast({
    ...input,
    // Long enough to read the message and reach the link.
    duration: 10_000,
    description: (
      <>
        <span className="block">{input.description}</span>
        <Link
          href={action.href}
          className="mt-2 inline-block font-semibold underline underline-offset-4"
        >
          {action.label}
        </Link>
      </>
    ),
  });
}
