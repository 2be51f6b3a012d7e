import { CONTACT_EMAIL, PRODUCT_NAME } from '@common/constants.ts';
import { Mail } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { BrandLogo } from '@/components/brand-logo.tsx';

const linkClass = 'text-slate-400 hover:text-white focus-visible:text-white';

export function LandingFooter({ onViewSample }: { onViewSample: () => void }) {
  return (
    <footer className="bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 sm:grid-cols-2 md:grid-cols-5">
        <div className="sm:col-span-2">
          <BrandLogo inverse />
          <p className="mt-4 max-w-sm text-slate-400">
            Utility statements, interval data and usage reports for energy professionals.
          </p>
        </div>
        <FooterColumn title="Product">
          <a className={linkClass} href="#features">
            Features
          </a>
          <a className={linkClass} href="#how-it-works">
            How It Works
          </a>
          <Link className={linkClass} href="/pricing">
            Pricing
          </Link>
          <button
            type="button"
            className={`${linkClass} cursor-pointer text-left`}
            onClick={onViewSample}
          >
            Sample Report
          </button>
        </FooterColumn>
        <FooterColumn title="Account">
          <Link className={linkClass} href="/auth">
            Sign In
          </Link>
          <Link className={linkClass} href="/auth?tab=register">
            Create Account
          </Link>
        </FooterColumn>
        <FooterColumn title="Contact">
          <a
            className={`${linkClass} inline-flex items-center gap-2 break-all`}
            href={`mailto:${CONTACT_EMAIL}`}
          >
            <Mail className="size-4 shrink-0" aria-hidden="true" />
            {CONTACT_EMAIL}
          </a>
        </FooterColumn>
      </div>
      <div className="border-slate-800 border-t">
        <p className="mx-auto max-w-6xl px-4 py-6 text-slate-400 text-sm sm:px-6">
          © {new Date().getFullYear()} {PRODUCT_NAME}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}

function FooterColumn({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h2 className="font-semibold text-sm text-white uppercase tracking-wider">{title}</h2>
      <div className="mt-4 flex flex-col items-start gap-3">{children}</div>
    </div>
  );
}
