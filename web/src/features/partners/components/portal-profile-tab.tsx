import { useState, type FormEvent } from 'react';
import { Pencil, Save } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field, Input, Textarea } from '@/components/ui/form-field';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/error-message';
import { updatePartnerProfile, type PortalProfileFields } from '../api/update-partner-profile';
import type { Partner, PartnerStatus } from '../types';

type FieldSpec = { name: keyof PortalProfileFields; label: string; type?: string; required?: boolean; multiline?: boolean };

const fields: FieldSpec[] = [
  { name: 'company_name', label: 'Company Name' },
  { name: 'company_website', label: 'Website', type: 'url' },
  { name: 'company_description', label: 'Description', multiline: true },
  { name: 'primary_contact_name', label: 'Primary Contact Name', required: true },
  { name: 'primary_contact_email', label: 'Primary Contact Email', type: 'email', required: true },
  { name: 'primary_contact_phone', label: 'Primary Contact Phone', type: 'tel' },
  { name: 'products_services', label: 'Products and Services', multiline: true },
  { name: 'target_markets', label: 'Target Markets', multiline: true },
];

function pickFields(partner: Partner): PortalProfileFields {
  return {
    company_name: partner.company_name,
    company_website: partner.company_website,
    company_description: partner.company_description,
    primary_contact_name: partner.primary_contact_name,
    primary_contact_email: partner.primary_contact_email,
    primary_contact_phone: partner.primary_contact_phone,
    products_services: partner.products_services,
    target_markets: partner.target_markets,
  };
}

type PortalProfileTabProps = { partner: Partner; status: PartnerStatus; onSaved: () => Promise<void> };

export function PortalProfileTab({ partner, status, onSaved }: PortalProfileTabProps) {
  const { toast } = useToast();
  const [editing, setEditing] = useState(false);
  const [saving, setSaving] = useState(false);
  const [values, setValues] = useState<PortalProfileFields>(() => pickFields(partner));

  if (status !== 'approved') {
    return (
      <Card>
        <p className="text-slate-600 dark:text-slate-300">Profile editing is only available for approved partners.</p>
      </Card>
    );
  }

  function startEditing() {
    setValues(pickFields(partner));
    setEditing(true);
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!editing) {
      startEditing();
      return;
    }
    setSaving(true);
    try {
      await updatePartnerProfile(partner.id, values);
      toast({
        title: 'Partner information updated',
        description: 'Your partner profile has been updated successfully.',
        variant: 'success',
      });
      setEditing(false);
      await onSaved();
    } catch (error) {
      toast({
        title: 'Error updating partner data',
        description: errorMessage(error),
        variant: 'destructive',
      });
    } finally {
      setSaving(false);
    }
  }

  const shown = editing ? values : pickFields(partner);
  return (
    <Card>
      <form onSubmit={onSubmit} aria-label="Partner profile" className="space-y-4">
        <div className="flex items-center justify-between gap-4">
          <h2 className="text-lg font-bold">Company Profile</h2>
          <Button type="submit" disabled={saving}>
            {editing ? (
              <>
                <Save aria-hidden="true" className="h-4 w-4" /> Save Changes
              </>
            ) : (
              <>
                <Pencil aria-hidden="true" className="h-4 w-4" /> Edit Profile
              </>
            )}
          </Button>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          {fields.map((field) => {
            const id = `portal-${field.name}`;
            const common = {
              id,
              value: shown[field.name] ?? '',
              readOnly: !editing,
              disabled: saving,
              required: field.required,
              onChange: (event: { target: { value: string } }) =>
                setValues((current) => ({ ...current, [field.name]: event.target.value })),
            };
            return (
              <div key={field.name} className={field.multiline ? 'sm:col-span-2' : undefined}>
                <Field id={id} label={field.label}>
                  {field.multiline ? <Textarea rows={3} {...common} /> : <Input type={field.type ?? 'text'} {...common} />}
                </Field>
              </div>
            );
          })}
        </div>
      </form>
    </Card>
  );
}
