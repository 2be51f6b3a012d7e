import { lazy, Suspense, useState } from 'react';
import { usePageTitle } from '@/lib/use-page-title.ts';
import { CallToAction } from './call-to-action.tsx';
import { BenefitsSection, FeaturesSection } from './features-section.tsx';
import { HeroSection } from './hero-section.tsx';
import { HowItWorksSection } from './how-it-works-section.tsx';
import { LandingFooter } from './landing-footer.tsx';
import { LandingHeader } from './landing-header.tsx';
import { PricingSection } from './pricing-section.tsx';

// The sample report opens on a click, so its dialog (Radix Dialog and its focus and scroll
// locks) loads then rather than with the first page.
const SampleReportDialog = lazy(() => import('./sample-report-dialog.tsx'));

export function LandingPage() {
  usePageTitle();
  const [sampleOpen, setSampleOpen] = useState(false);
  // Stays mounted once opened, so closing animates like any dialog.
  const [sampleLoaded, setSampleLoaded] = useState(false);
  const openSample = () => {
    setSampleLoaded(true);
    setSampleOpen(true);
  };
  return (
    <div className="min-h-dvh">
      <LandingHeader />
      <main>
        <HeroSection onViewSample={openSample} />
        <FeaturesSection />
        <HowItWorksSection />
        <BenefitsSection />
        <PricingSection />
        <CallToAction />
      </main>
      <LandingFooter onViewSample={openSample} />
      {sampleLoaded ? (
        <Suspense fallback={null}>
          <SampleReportDialog open={sampleOpen} onClose={() => setSampleOpen(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}
