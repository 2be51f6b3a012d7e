import './index.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { StartingUpNotice } from '@/components/starting-up-notice.tsx';
import { Toaster } from '@/components/ui/toaster.tsx';
import { AuthProvider } from '@/lib/auth.tsx';
import { queryClient } from '@/lib/query-client.ts';
import { AppRoutes } from '@/routes.tsx';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <StartingUpNotice />
      <AuthProvider>
        <AppRoutes />
        <Toaster />
      </AuthProvider>
    </QueryClientProvider>
  </StrictMode>,
);
