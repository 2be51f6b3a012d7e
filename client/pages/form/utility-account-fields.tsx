import { providerPlace } from '@common/countries.ts';
import { Eye, EyeOff, RotateCw, ShieldCheck, Zap } from 'lucide-react';
import { useState } from 'react';
import { Field, nativeControlClass } from '@/components/field.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { cn } from '@/lib/utils.ts';

import { FormSection } from './form-section.tsx';
import { useActiveProviders } from './use-active-providers.ts';
import { controlIdOf, type FieldGroupProps } from './use-field-errors.ts';

const PROVIDERS_FAILED_MESSAGE = 'Failed to fetch providers';

/** The utility provider and the login of the customer's online utility account. */
export function UtilityAccountFields({ control, errors, disabled }: FieldGroupProps) {
  const providers = useActiveProviders();
  const [showPassword, setShowPassword] = useState(false);
  const providerId = controlIdOf('providerId');
  const loadProblemId = `${providerId}-load-problem`;

  return (
    <FormSection
      icon={Zap}
      title="Utility Account"
      description="The login you use on your utility's website."
    >
      <Field htmlFor={providerId} label="Utility provider" error={errors.providerId}>
        <select
          {...control('providerId', providers.isError ? loadProblemId : undefined)}
          required
          defaultValue=""
          disabled={disabled || providers.isPending}
          className={cn(nativeControlClass, 'h-10')}
        >
          <option value="" disabled>
            {providers.isPending ? 'Loading providers...' : 'Choose your utility provider'}
          </option>
          {providers.data?.map((provider) => (
            <option key={provider.id} value={provider.id}>
              {provider.name} ({providerPlace(provider)})
            </option>
          ))}
        </select>
        {providers.isError && (
          <div
            id={loadProblemId}
            role="alert"
            className="flex flex-wrap items-center gap-3 text-red-600 text-sm"
          >
            <span className="font-medium">{PROVIDERS_FAILED_MESSAGE}</span>
            <Button type="button" variant="outline" size="sm" onClick={() => providers.refetch()}>
              <RotateCw aria-hidden="true" />
              Try Again
            </Button>
          </div>
        )}
        {providers.data?.length === 0 && (
          <p className="text-slate-600 text-sm">
            No utility providers are available yet. Please contact the person who sent you this
            link.
          </p>
        )}
      </Field>
      <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
        <Field
          htmlFor={controlIdOf('username')}
          label="Utility account username"
          error={errors.username}
        >
          {/* Not this site's login: the browser should neither fill nor save it. */}
          <Input
            {...control('username')}
            autoComplete="off"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            maxLength={200}
            required
            disabled={disabled}
            className="aria-invalid:border-red-500"
          />
        </Field>
        <Field
          htmlFor={controlIdOf('password')}
          label="Utility account password"
          error={errors.password}
        >
          <div className="relative">
            <Input
              {...control('password')}
              type={showPassword ? 'text' : 'password'}
              autoComplete="off"
              autoCapitalize="none"
              autoCorrect="off"
              spellCheck={false}
              maxLength={200}
              required
              disabled={disabled}
              className="pr-11 aria-invalid:border-red-500"
            />
            <button
              type="button"
              aria-label={showPassword ? 'Hide password' : 'Show password'}
              aria-pressed={showPassword}
              onClick={() => setShowPassword((shown) => !shown)}
              className="absolute inset-y-0 right-0 flex w-10 cursor-pointer items-center justify-center rounded-r-md text-slate-500 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500"
            >
              {showPassword ? (
                <EyeOff className="size-4" aria-hidden="true" />
              ) : (
                <Eye className="size-4" aria-hidden="true" />
              )}
            </button>
          </div>
        </Field>
      </div>
      <aside className="flex gap-3 rounded-lg border border-emerald-200 bg-emerald-50 p-4 text-emerald-900">
        <ShieldCheck className="size-5 shrink-0" aria-hidden="true" />
        <div className="text-sm">
          <h3 className="font-semibold">Your information is secure</h3>
          <p className="mt-1">
            Your utility login is encrypted, used only to retrieve your statements and usage data,
            and deleted once your report is complete.
          </p>
        </div>
      </aside>
    </FormSection>
  );
}
