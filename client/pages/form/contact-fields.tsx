import { User } from 'lucide-react';
import { Field } from '@/components/field.tsx';
import { Input } from '@/components/ui/input.tsx';

import { FormSection } from './form-section.tsx';
import { controlIdOf, type FieldGroupProps } from './use-field-errors.ts';

/** The customer's name, email, phone and the service address of the account. */
export function ContactFields({ control, errors, disabled }: FieldGroupProps) {
  return (
    <FormSection icon={User} title="Contact Information">
      <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
        <Field htmlFor={controlIdOf('name')} label="Full name" error={errors.name}>
          <Input
            {...control('name')}
            autoComplete="name"
            maxLength={200}
            required
            disabled={disabled}
            className="aria-invalid:border-red-500"
          />
        </Field>
        <Field htmlFor={controlIdOf('email')} label="Email" error={errors.email}>
          <Input
            {...control('email')}
            type="email"
            autoComplete="email"
            inputMode="email"
            maxLength={254}
            required
            disabled={disabled}
            className="aria-invalid:border-red-500"
          />
        </Field>
        <Field htmlFor={controlIdOf('phone')} label="Phone" optional error={errors.phone}>
          <Input
            {...control('phone')}
            type="tel"
            autoComplete="tel"
            maxLength={40}
            disabled={disabled}
          />
        </Field>
        <Field
          htmlFor={controlIdOf('address')}
          label="Service address"
          error={errors.address}
          hint="The address the utility account serves."
        >
          <Input
            {...control('address', `${controlIdOf('address')}-hint`)}
            autoComplete="street-address"
            maxLength={500}
            required
            disabled={disabled}
            className="aria-invalid:border-red-500"
          />
        </Field>
      </div>
    </FormSection>
  );
}
