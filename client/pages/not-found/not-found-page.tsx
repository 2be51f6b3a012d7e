import { AlertCircle, Home } from 'lucide-react';
import { LinkButton } from '@/components/link-button.tsx';
import { Card, CardContent } from '@/components/ui/card.tsx';
import { usePageTitle } from '@/lib/use-page-title.ts';

export default function NotFoundPage() {
  usePageTitle('Page Not Found');
  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-50 px-4">
      <Card className="w-full max-w-md">
        <CardContent className="pt-6">
          <div className="flex items-center gap-2">
            <AlertCircle className="size-8 text-red-500" aria-hidden="true" />
            <h1 className="font-bold text-2xl text-slate-900">404 Page Not Found</h1>
          </div>
          <p className="mt-4 text-slate-600 text-sm">
            Did you forget to add the page to the router?
          </p>
          <LinkButton href="/" className="mt-6">
            <Home aria-hidden="true" />
            Back to Home
          </LinkButton>
        </CardContent>
      </Card>
    </main>
  );
}
