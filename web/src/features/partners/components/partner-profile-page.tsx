import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Pencil, Save, X } from 'lucide-react';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { Button, ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { Field, Input } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { getPartnerLink } from '../api/get-partner-link';
import { getPartnerWithAccessControl } from '../api/get-partner-with-access-control';
import { updatePartnerProfile, type ProfilePageFields } from '../api/update-partner-profile';
import { adminBadgeClasses, normaliseStatus, profileBanners, profileStatusLabels } from '../lib/partner-status';
import type { Partner } from '../types';
import { StatusBanner } from './status-banner';

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

type LoadState = { kind: 'loading' } | { kind: 'none' } | { kind: 'loaded'; partner: Partner };

export function PartnerProfilePage() {
  const { user } = useAuth('partner');
  const userId = user?.id ?? null;
  const { toast } = useToast();
  const [state, setState] = useState<LoadState>({ kind: 'loading' });
  const [editing, setEditing] = useState(false);
  const [saving, setSaving] = useState(false);
  const [values, setValues] = useState<ProfilePageFields | null>(null);

  const load = useCallback(async () => {
    if (!userId) return;
    try {
      const link = await getPartnerLink(userId);
      if (link.error) throw link.error;
      const partner = link.partnerId ? await getPartnerWithAccessControl(link.partnerId) : null;
      if (!partner) {
        setState({ kind: 'none' });
        return;
      }
      setState({ kind: 'loaded', partner });
      setValues(pickFields(partner));
    } catch {
      toast({ title: 'Error', description: 'Failed to load partner profile', variant: 'destructive' });
      setState({ kind: 'none' });
    }
  }, [userId, toast]);

  useEffect(() => {
    void load();
  }, [load]);

  if (state.kind === 'loading') return <Spinner label="Loading..." />;
  if (state.kind === 'none' || !values) {
    return (
      <div className="mx-auto max-w-lg px-4 py-16">
        <Card className="text-center">
          <h1 className="text-2xl font-bold">No Partner Profile Found</h1>
          <p className="mt-2 text-slate-600 dark:text-slate-300">
            You don't have a partner profile associated with your account
          </p>
          <ButtonLink to={paths.partnerRegistration} className="mt-6">
            Register as Partner
          </ButtonLink>
        </Card>
      </div>
    );
  }

  const { partner } = state;
  const status = normaliseStatus(partner.status);
  const canEdit = status === 'approved';

  function cancel() {
    setValues(pickFields(partner));
    setEditing(false);
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!values) return;
    setSaving(true);
    try {
      await updatePartnerProfile(partner.id, values);
      toast({
        title: 'Profile Updated',
        description: 'Your partner profile has been successfully updated.',
        variant: 'success',
      });
      setEditing(false);
      await load();
    } catch (error) {
      toast({ title: 'Update Failed', description: (error as { message?: string }).message, variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold">Partner Profile</h1>
          <p className="mt-1 text-slate-600 dark:text-slate-300">View and update your company information</p>
        </div>
        <span className={cn('self-start rounded-full px-3 py-1 text-sm font-semibold', adminBadgeClasses[status])}>
          {profileStatusLabels[status]}
        </span>
      </div>

      {status !== 'approved' && (
        <div className="mt-6">
          <StatusBanner tone={status === 'pending' ? 'info' : 'warning'} message={profileBanners[status]} />
        </div>
      )}

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
                <p id="profile-company-name-hint" className="text-xs text-slate-500">
                  Contact support to change your company name.
                </p>
              }
            >
              <Input
                id="profile-company-name"
                aria-describedby="profile-company-name-hint"
                value={partner.company_name}
                readOnly
                disabled
              />
            </Field>
            <Field
              id="profile-country"
              label="Country"
              hint={
                <p id="profile-country-hint" className="text-xs text-slate-500">
                  Contact support to change your country.
                </p>
              }
            >
              <Input
                id="profile-country"
                aria-describedby="profile-country-hint"
                value={partner.country ?? ''}
                readOnly
                disabled
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
                    setValues((current) => current && { ...current, [field.name]: event.target.value })
                  }
                  disabled={!editing || saving}
                />
              </Field>
            ))}
          </div>
        </form>
      </Card>
    </div>
  );
}
