import type { ReportVersion } from '@common/reports.ts';
import { Download } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { reportDownloads } from '@/lib/report-display.ts';

/**
 * Download HTML, PDF and ZIP of a ready version. Each link answers with a short-lived signed
 * file address the browser saves as an attachment. With nothing ready, the buttons are shown
 * disabled when `showDisabled` (the admin sees what is missing), else not at all.
 */
export function ReportDownloadLinks({
  version,
  showDisabled = false,
  size = 'sm',
}: {
  version: Pick<ReportVersion, 'id' | 'status' | 'downloads'> | null;
  showDisabled?: boolean;
  size?: 'sm' | 'default';
}) {
  const downloads = reportDownloads(version);
  if (downloads.length === 0) {
    if (!showDisabled) return null;
    return (
      <>
        {['HTML', 'PDF', 'ZIP'].map((format) => (
          <Button
            key={format}
            variant="outline"
            size={size}
            disabled
            title="No version of this report is ready yet"
          >
            <Download aria-hidden="true" />
            Download {format}
          </Button>
        ))}
      </>
    );
  }
  return (
    <>
      {downloads.map((download) => (
        <Button key={download.format} variant="outline" size={size} asChild>
          <a href={download.href} download={download.fileName}>
            <Download aria-hidden="true" />
            {download.label}
          </a>
        </Button>
      ))}
    </>
  );
}
