import type { FormEvent, ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, type DialogSize } from '@/components/ui/dialog';
import { FormError } from './form-error';

type FormDialogProps = {
  title: string;
  size?: DialogSize;
  error: string | null;
  submitLabel: string;
  saving?: boolean;
  onClose: () => void;
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
};

/** A dialog holding one form: its error alert on top, Cancel and the submit button at the bottom. */
export function FormDialog({ title, size, error, submitLabel, saving = false, onClose, onSubmit, children }: FormDialogProps) {
  return (
    <Dialog onClose={onClose} title={title} size={size}>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <FormError message={error} />
        {children}
        <div className="flex justify-end gap-2 pt-2">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={saving}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
