import { ShieldCheck } from 'lucide-react';
import { paths } from '@/config/paths';
import { ButtonLink } from '@/components/ui/button';

export function HomeHero() {
  return (
    <section className="relative overflow-hidden bg-gradient-to-br from-navy-950 via-navy-900 to-brand-900 text-white">
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-20 sm:px-6 md:grid-cols-[3fr_2fr] md:py-28 lg:px-8">
        <div>
          <p className="text-sm font-semibold uppercase tracking-widest text-brand-300">
            Value-added cybersecurity distribution · Dubai
          </p>
          <h1 className="mt-4 text-4xl font-bold leading-tight sm:text-5xl lg:text-6xl">
            Securing the GCC&apos;s digital future, together.
          </h1>
          <p className="mt-6 max-w-2xl text-lg text-slate-200">
            GulfSec Distribution brings world-class endpoint protection, threat intelligence, XDR and compliance
            platforms to organisations across the Gulf, backed by local engineers and a partner network that knows the
            region.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <ButtonLink to={paths.services} size="lg">
              Explore Our Services
            </ButtonLink>
            <ButtonLink
              to={paths.contact}
              size="lg"
              variant="outline"
              className="border-white/40 text-white hover:bg-white/10 dark:text-white"
            >
              Talk to an Expert
            </ButtonLink>
          </div>
        </div>
        <div className="hidden justify-center md:flex" aria-hidden="true">
          <div className="relative flex h-72 w-72 items-center justify-center rounded-full border border-brand-400/30">
            <div className="flex h-52 w-52 items-center justify-center rounded-full border border-brand-400/50">
              <div className="flex h-32 w-32 items-center justify-center rounded-full bg-brand-700/30">
                <ShieldCheck className="h-16 w-16 text-brand-300" />
              </div>
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}
