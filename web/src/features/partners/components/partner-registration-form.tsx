import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { CheckCircle2 } from 'lucide-react';
import { paths } from '@/config/paths';
import { Button } from '@/components/ui/button';
import { Field, Input, Select } from '@/components/ui/form-field';
import { useToast } from '@/components/ui/toast';
import { registerPartner } from '../api/register-partner';
import {
  countryChoices,
  emptyRegistration,
  registrationErrorMessage,
  registrationRedirectDelayMs,
  registrationSuccessMessage,
  serviceChoices,
  toPartnerInsert,
  toggleChoice,
  validateRegistration,
  vendorChoices,
  type RegistrationErrors,
  type RegistrationValues,
} from '../lib/registration-rules';
import { CheckboxGroup } from './checkbox-group';

type TextField = Exclude<keyof RegistrationValues, 'selectedVendors' | 'specializations' | 'country'>;

const textFields: Array<{ name: TextField; label: string; type: string; autoComplete: string; required?: boolean }> = [
  { name: 'companyName', label: 'Company Name *', type: 'text', autoComplete: 'organization', required: true },
  { name: 'companyWebsite', label: 'Company Website', type: 'url', autoComplete: 'url' },
  { name: 'contactName', label: 'Contact Name *', type: 'text', autoComplete: 'name', required: true },
  { name: 'contactEmail', label: 'Contact Email *', type: 'email', autoComplete: 'email', required: true },
  { name: 'contactPhone', label: 'Contact Phone', type: 'tel', autoComplete: 'tel' },
  { name: 'city', label: 'City', type: 'text', autoComplete: 'address-level2' },
];

export function PartnerRegistrationForm() {
  const navigate = useNavigate();
  const { toast } = useToast();
  const [values, setValues] = useState<RegistrationValues>(emptyRegistration);
  const [errors, setErrors] = useState<RegistrationErrors>({});
  const [state, setState] = useState<'idle' | 'submitting' | 'submitted'>('idle');

  useEffect(() => {
    if (state !== 'submitted') return;
    const timer = window.setTimeout(() => navigate(paths.vendors), registrationRedirectDelayMs);
    return () => window.clearTimeout(timer);
  }, [state, navigate]);

  function update<K extends keyof RegistrationValues>(name: K, value: RegistrationValues[K]) {
    setValues((current) => ({ ...current, [name]: value }));
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found = validateRegistration(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      const firstInvalid = textFields.find((field) => found[field.name]);
      const target = firstInvalid
        ? document.getElementById(`partner-${firstInvalid.name}`)
        : document.querySelector<HTMLInputElement>('#partner-vendors input');
      target?.focus();
      return;
    }
    setState('submitting');
    try {
      await registerPartner(toPartnerInsert(values));
      toast({ description: registrationSuccessMessage, variant: 'success' });
      setState('submitted');
    } catch (error) {
      toast({ description: registrationErrorMessage((error as { message?: string }).message), variant: 'destructive' });
      setState('idle');
    }
  }

  if (state === 'submitted') {
    return (
      <div role="status" className="py-8 text-center">
        <CheckCircle2 aria-hidden="true" className="mx-auto h-14 w-14 text-green-700 dark:text-green-400" />
        <h2 className="mt-4 text-2xl font-bold">Registration Submitted</h2>
        <p className="mt-3 text-slate-600 dark:text-slate-300">{registrationSuccessMessage}</p>
        <p className="mt-2 text-sm text-slate-500 dark:text-slate-400">Taking you back to our vendors...</p>
      </div>
    );
  }

  const submitting = state === 'submitting';
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Partner registration" className="space-y-6">
      <div className="grid gap-4 sm:grid-cols-2">
        {textFields.map((field) => (
          <Field key={field.name} id={`partner-${field.name}`} label={field.label} error={errors[field.name]}>
            <Input
              id={`partner-${field.name}`}
              type={field.type}
              autoComplete={field.autoComplete}
              required={field.required}
              value={values[field.name]}
              onChange={(event) => update(field.name, event.target.value)}
              disabled={submitting}
              invalid={Boolean(errors[field.name])}
            />
          </Field>
        ))}
        <Field id="partner-country" label="Country">
          <Select
            id="partner-country"
            autoComplete="country-name"
            value={values.country}
            onChange={(event) => update('country', event.target.value)}
            disabled={submitting}
          >
            {countryChoices.map((country) => (
              <option key={country} value={country}>
                {country}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <CheckboxGroup
        id="partner-vendors"
        legend="Vendors you want to distribute *"
        choices={vendorChoices}
        selected={values.selectedVendors}
        onToggle={(choice) => update('selectedVendors', toggleChoice(values.selectedVendors, choice))}
        error={errors.selectedVendors}
        disabled={submitting}
      />
      <CheckboxGroup
        id="partner-services"
        legend="Services you offer"
        choices={serviceChoices}
        selected={values.specializations}
        onToggle={(choice) => update('specializations', toggleChoice(values.specializations, choice))}
        disabled={submitting}
        columns="sm:grid-cols-2"
      />
      <Button type="submit" size="lg" className="w-full" disabled={submitting}>
        {submitting ? 'Submitting...' : 'Submit Registration'}
      </Button>
    </form>
  );
}
