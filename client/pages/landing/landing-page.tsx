import { useState } from 'react';
import { usePageTitle } from '@/lib/use-page-title.ts';
import { CallToAction } from './call-to-action.tsx';
import { BenefitsSection, FeaturesSection } from './features-section.tsx';
import { HeroSection } from './hero-section.tsx';
import { HowItWorksSection } from './how-it-works-section.tsx';
import { LandingFooter } from './landing-footer.tsx';
import { LandingHeader } from './landing-header.tsx';
import { PricingSection } from './pricing-section.tsx';
import { SampleReportDialog } from './sample-report-dialog.tsx';

export function LandingPage() {
  usePageTitle();
  const [sampleOpen, setSampleOpen] = useState(false);
  const openSample = () => setSampleOpen(true);
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
      <SampleReportDialog open={sampleOpen} onOpenChange={setSampleOpen} />
    </div>
  );
}
