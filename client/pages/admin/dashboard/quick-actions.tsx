import { useQueryClient } from '@tanstack/react-query';
import { Plus, Upload, Webhook } from 'lucide-react';
import { useState } from 'react';
import { LinkButton } from '@/components/link-button.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { adminViewHref, DEFAULT_ADMIN_VIEW } from '../admin-view-param.ts';
import { STATS_QUERY_KEY } from '../connections/use-connections.ts';
import { ProviderFormDialog, type ProviderFormTarget } from '../providers/provider-form-dialog.tsx';
import { BulkUploadDialog } from './bulk-upload-dialog.tsx';

/**
 * Add New Provider (the providers view's own dialog), Bulk Upload Files, and Configure
 * Webhooks (a link to the Webhooks view).
 */
export function QuickActions() {
  const [provider, setProvider] = useState<ProviderFormTarget>(null);
  const [bulkUpload, setBulkUpload] = useState(false);
  const queryClient = useQueryClient();

  function closeProvider() {
    setProvider(null);
    // The providers view's hooks refresh its list; Active Providers is this view's figure.
    queryClient.invalidateQueries({ queryKey: STATS_QUERY_KEY });
  }
  return (
    <Card asChild>
      <section aria-labelledby="quick-actions">
        <CardHeader>
          <CardTitle id="quick-actions">Quick Actions</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-3">
          <Button
            variant="outline"
            className="justify-start"
            onClick={() => setProvider({ mode: 'create' })}
          >
            <Plus aria-hidden="true" />
            Add New Provider
          </Button>
          <Button variant="outline" className="justify-start" onClick={() => setBulkUpload(true)}>
            <Upload aria-hidden="true" />
            Bulk Upload Files
          </Button>
          <LinkButton
            href={adminViewHref('webhooks', DEFAULT_ADMIN_VIEW)}
            variant="outline"
            className="justify-start"
          >
            <Webhook aria-hidden="true" />
            Configure Webhooks
          </LinkButton>
        </CardContent>
        <ProviderFormDialog target={provider} onClose={closeProvider} />
        <BulkUploadDialog open={bulkUpload} onClose={() => setBulkUpload(false)} />
      </section>
    </Card>
  );
}
