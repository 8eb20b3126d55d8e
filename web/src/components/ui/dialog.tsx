import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { X } from 'lucide-react';
import { cn } from './cn';

export type DialogSize = 'md' | 'lg' | 'xl' | '2xl';

const sizes: Record<DialogSize, string> = { md: 'max-w-lg', lg: 'max-w-2xl', xl: 'max-w-3xl', '2xl': 'max-w-5xl' };

type DialogProps = {
  title: string;
  description?: string;
  size?: DialogSize;
  onClose: () => void;
  children: ReactNode;
};

const focusable =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

// Tab from the last control goes back to the first (and Shift+Tab the other way), so focus never leaves the dialog
// for the browser's own controls.
function keepFocusInside(event: KeyboardEvent<HTMLDialogElement>) {
  const controls = [...event.currentTarget.querySelectorAll<HTMLElement>(focusable)].filter((control) => control.tabIndex >= 0);
  if (controls.length === 0) return;
  const first = controls[0];
  const last = controls[controls.length - 1];
  const active = document.activeElement;
  if (event.shiftKey && (active === first || active === event.currentTarget)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * The site's modal: shown while mounted, on the native dialog element (the page behind is inert), labelled by its
 * title, closed by Escape or its close button; focus stays inside and returns to the opener when it unmounts.
 */
export function Dialog({ title, description, size = 'md', onClose, children }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (dialog && !dialog.open) dialog.showModal();
    // Callers unmount the dialog rather than close it, which would leave focus on the body.
    return () => {
      if (dialog?.open) dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Tab') keepFocusInside(event);
        if (event.key === 'Escape') {
          // Handled here so that the browser's own cancel does not follow and close it a second time.
          event.preventDefault();
          onClose();
        }
      }}
      className={cn(
        'm-auto max-h-[90vh] w-[calc(100%-2rem)] overflow-y-auto rounded-xl border border-slate-200 bg-white p-0 text-slate-900 shadow-xl backdrop:bg-black/50 dark:border-slate-700 dark:bg-navy-900 dark:text-slate-100',
        sizes[size],
      )}
    >
      <div className="p-6">
        <div className="mb-4 flex items-start justify-between gap-4">
          <div>
            <h2 id={titleId} className="text-lg font-semibold">
              {title}
            </h2>
            {description && (
              <p id={descriptionId} className="mt-1 text-sm text-slate-600 dark:text-slate-300">
                {description}
              </p>
            )}
          </div>
          <button
            type="button"
            onClick={onClose}
            aria-label="Close dialog"
            className="rounded p-1 text-slate-500 dark:text-slate-400 hover:bg-slate-100 hover:text-slate-900 dark:hover:bg-navy-800 dark:hover:text-white"
          >
            <X aria-hidden="true" className="h-5 w-5" />
          </button>
        </div>
        {children}
      </div>
    </dialog>
  );
}
