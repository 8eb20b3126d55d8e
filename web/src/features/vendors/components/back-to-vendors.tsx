import { Link } from 'react-router-dom';
import { ArrowLeft } from 'lucide-react';
import { paths } from '@/config/paths';

export function BackToVendors() {
  return (
    <Link
      to={paths.vendors}
      className="inline-flex items-center gap-1 text-sm font-semibold tracking-wide text-brand-300 hover:text-white"
    >
      <ArrowLeft aria-hidden="true" className="h-4 w-4" />
      BACK TO VENDORS
    </Link>
  );
}
