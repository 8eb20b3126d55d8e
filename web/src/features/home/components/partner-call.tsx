import { paths } from '@/config/paths';
import { ButtonLink } from '@/components/ui/button';

export function PartnerCall() {
  return (
    <section className="bg-gradient-to-r from-brand-700 to-navy-900 text-white">
      <div className="mx-auto flex max-w-7xl flex-col items-start gap-6 px-4 py-16 sm:px-6 md:flex-row md:items-center md:justify-between lg:px-8">
        <div>
          <h2 className="text-2xl font-bold sm:text-3xl">Become a GulfSec partner</h2>
          <p className="mt-2 max-w-2xl text-brand-50">
            Grow your security practice with exclusive vendor access, technical enablement, marketing funds and a
            dedicated channel manager.
          </p>
        </div>
        <ButtonLink to={paths.partnerRegistration} variant="secondary" size="lg">
          Become a Partner
        </ButtonLink>
      </div>
    </section>
  );
}
