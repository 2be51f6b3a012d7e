import { BrandLogo } from '@/components/brand-logo.tsx';
import { LinkButton } from '@/components/link-button.tsx';

const SECTION_LINKS = [
  { href: '#features', label: 'Features' },
  { href: '#how-it-works', label: 'How It Works' },
  { href: '#pricing', label: 'Pricing' },
];

export function LandingHeader() {
  return (
    <header className="sticky top-0 z-40 border-slate-200 border-b bg-white/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4 sm:px-6">
        <BrandLogo />
        <nav aria-label="Sections" className="hidden items-center gap-6 md:flex">
          {SECTION_LINKS.map((link) => (
            <a
              key={link.href}
              href={link.href}
              className="font-medium text-slate-600 text-sm hover:text-slate-900"
            >
              {link.label}
            </a>
          ))}
        </nav>
        <div className="flex items-center gap-1 sm:gap-2">
          <LinkButton href="/auth" variant="ghost" size="sm" className="px-2.5 sm:px-3">
            Sign In
          </LinkButton>
          <LinkButton href="/pricing" size="sm" className="px-3">
            Get Started
          </LinkButton>
        </div>
      </div>
    </header>
  );
}
