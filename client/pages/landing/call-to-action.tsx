import { CONTACT_EMAIL } from '@common/constants.ts';
import { LinkButton } from '@/components/link-button.tsx';
import { Button } from '@/components/ui/button.tsx';
import { mailtoHref } from '@/lib/mailto.ts';

export function CallToAction() {
  return (
    <section id="contact" className="scroll-mt-16 bg-blue-700 py-16 text-white md:py-20">
      <div className="mx-auto max-w-3xl px-4 text-center sm:px-6">
        <h2 className="font-bold text-3xl tracking-tight">Ready to get your customers' data?</h2>
        <p className="mt-4 text-blue-100 text-lg">
          Create an account, share your customer form link and order your first report today.
        </p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <LinkButton href="/pricing" size="lg" variant="inverse">
            Get Started Now
          </LinkButton>
          <Button asChild size="lg" variant="outline-inverse">
            <a href={mailtoHref(CONTACT_EMAIL, 'Sales inquiry')}>Contact Sales</a>
          </Button>
        </div>
      </div>
    </section>
  );
}
