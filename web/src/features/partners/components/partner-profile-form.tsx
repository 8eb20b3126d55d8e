import { useState, type FormEvent } from 'react';
import { Pencil, Save, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field, Input } from '@/components/ui/form-field';
import { errorMessage } from '@/lib/error-message';
import { useToast } from '@/components/ui/toast';
import { updatePartnerProfile, type ProfilePageFields } from '../api/update-partner-profile';
import type { Partner } from '../types';

type FieldSpec = { name: keyof ProfilePageFields; label: string; type?: string; required?: boolean };

const editableFields: FieldSpec[] = [
  { name: 'company_website', label: 'Website', type: 'url' },
  { name: 'primary_contact_name', label: 'Contact Name', required: true },
  { name: 'primary_contact_email', label: 'Contact Email', type: 'email', required: true },
  { name: 'primary_contact_phone', label: 'Contact Phone', type: 'tel' },
  { name: 'address_line1', label: 'Address Line 1' },
  { name: 'address_line2', label: 'Address Line 2' },
  { name: 'city', label: 'City' },
  { name: 'state_province', label: 'State / Province' },
  { name: 'postal_code', label: 'Postal Code' },
];

function pickFields(partner: Partner): ProfilePageFields {
  return {
    company_website: partner.company_website,
    primary_contact_name: partner.primary_contact_name,
    primary_contact_email: partner.primary_contact_email,
    primary_contact_phone: partner.primary_contact_phone,
    address_line1: partner.address_line1,
    address_line2: partner.address_line2,
    city: partner.city,
    state_province: partner.state_province,
    postal_code: partner.postal_code,
  };
}

type PartnerProfileFormProps = { partner: Partner; canEdit: boolean; onSaved: () => Promise<void> };

/** The company card of the profile page: read-only until Edit Profile, then saved or cancelled as a whole. */
export function PartnerProfileForm({ partner, canEdit, onSaved }: PartnerProfileFormProps) {
  const { toast } = useToast();
  const [editing, setEditing] = useState(false);
  const [saving, setSaving] = useState(false);
  const [values, setValues] = useState<ProfilePageFields>(() => pickFields(partner));

  function cancel() {
    setValues(pickFields(partner));
    setEditing(false);
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    try {
      await updatePartnerProfile(partner.id, values);
      toast({
        title: 'Profile Updated',
        description: 'Your partner profile has been successfully updated.',
        variant: 'success',
      });
      setEditing(false);
      await onSaved();
    } catch (error) {
      toast({ title: 'Update Failed', description: errorMessage(error), variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card className="mt-8">
      <form onSubmit={onSubmit} aria-label="Company profile" className="space-y-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 className="text-lg font-bold">Company Information</h2>
          {canEdit && (
            <div className="flex gap-2">
              {editing ? (
                <>
                  <Button variant="outline" onClick={cancel} disabled={saving}>
                    <X aria-hidden="true" className="h-4 w-4" /> Cancel
                  </Button>
                  <Button type="submit" disabled={saving}>
                    <Save aria-hidden="true" className="h-4 w-4" /> {saving ? 'Saving...' : 'Save Changes'}
                  </Button>
                </>
              ) : (
                <Button onClick={() => setEditing(true)}>
                  <Pencil aria-hidden="true" className="h-4 w-4" /> Edit Profile
                </Button>
              )}
            </div>
          )}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            id="profile-company-name"
            label="Company Name"
            hint={
              <p id="profile-company-name-hint" className="text-xs text-slate-500 dark:text-slate-400">
                Contact support to change your company name.
              </p>
            }
          >
            <Input
              id="profile-company-name"
              aria-describedby="profile-company-name-hint"
              value={partner.company_name}
              readOnly
            />
          </Field>
          <Field
            id="profile-country"
            label="Country"
            hint={
              <p id="profile-country-hint" className="text-xs text-slate-500 dark:text-slate-400">
                Contact support to change your country.
              </p>
            }
          >
            <Input
              id="profile-country"
              aria-describedby="profile-country-hint"
              value={partner.country ?? ''}
              readOnly
            />
          </Field>
          {editableFields.map((field) => (
            <Field key={field.name} id={`profile-${field.name}`} label={field.label}>
              <Input
                id={`profile-${field.name}`}
                type={field.type ?? 'text'}
                required={field.required}
                value={values[field.name] ?? ''}
                onChange={(event) =>
                  setValues((current) => ({ ...current, [field.name]: event.target.value }))
                }
                readOnly={!editing}
                disabled={saving}
              />
            </Field>
          ))}
        </div>
      </form>
    </Card>
  );
}
