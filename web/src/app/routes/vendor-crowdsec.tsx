import { Ban, Globe, Network, Share2, Terminal, Users } from 'lucide-react';
import { paths } from '@/config/paths';
import { Section } from '@/components/layouts/section';
import { ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { VendorHero } from '@/features/vendors/components/vendor-hero';
import { FeatureGrid } from '@/features/vendors/components/feature-grid';
import { VendorCta } from '@/features/vendors/components/vendor-cta';

const features = [
  { Icon: Share2, title: 'Crowd-sourced intelligence', text: 'Every engine shares signals about attacking IPs, building a real-time reputation network.' },
  { Icon: Ban, title: 'Proactive blocklists', text: 'Block known malicious IPs at the firewall, CDN or web server before they reach your services.' },
  { Icon: Terminal, title: 'Open-source engine', text: 'Behaviour detection for logs from web servers, SSH, VPNs and hundreds of other services.' },
  { Icon: Network, title: 'Remediation everywhere', text: 'Bouncers for Nginx, Cloudflare, firewalls, Kubernetes and more enforce decisions.' },
];

const stats = [
  { Icon: Users, value: '70,000+', label: 'Community members' },
  { Icon: Globe, value: '10,000+', label: 'Organisations protected by the network' },
];

const steps = [
  'Install the security engine on your servers or containers.',
  'It analyses logs and detects aggressive behaviour such as brute force and scanning.',
  'Bouncers block offending IPs, and signals are shared with the community.',
  'Curated blocklists return to you, stopping attackers before they target you.',
];

export function VendorCrowdsecRoute() {
  return (
    <>
      <VendorHero
        category="Community Threat Intelligence"
        title="CrowdSec: the power of the crowd against cyber attacks"
        actions={
          <ButtonLink to={paths.contact} size="lg">
            Book a Demo
          </ButtonLink>
        }
      >
        CrowdSec combines an open-source security engine with a global, collaborative IP reputation network, so
        an attack seen anywhere helps protect everyone.
      </VendorHero>
      <Section title="A network effect for defence">
        <div className="grid gap-6 sm:grid-cols-2">
          {stats.map(({ Icon, value, label }) => (
            <Card key={label} className="flex items-center gap-4">
              <Icon aria-hidden="true" className="h-10 w-10 text-brand-700 dark:text-brand-400" />
              <div>
                <p className="text-3xl font-bold">{value}</p>
                <p className="text-slate-600 dark:text-slate-300">{label}</p>
              </div>
            </Card>
          ))}
        </div>
      </Section>
      <Section title="Capabilities" className="bg-slate-50 dark:bg-navy-900/40">
        <FeatureGrid features={features} columns={4} />
      </Section>
      <Section title="How it works">
        <ol className="grid gap-6 md:grid-cols-4">
          {steps.map((step, index) => (
            <li key={step}>
              <Card className="h-full">
                <p className="text-3xl font-bold text-brand-700 dark:text-brand-400">{index + 1}</p>
                <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{step}</p>
              </Card>
            </li>
          ))}
        </ol>
        <p className="mt-8 max-w-3xl text-slate-600 dark:text-slate-300">
          For GCC organisations exposed to opportunistic scanning and credential-stuffing campaigns, CrowdSec
          removes a large share of malicious traffic before it ever reaches an application, freeing analysts to focus
          on targeted threats. <ButtonLink to={paths.contact} variant="ghost" size="sm">Ask our team how</ButtonLink>
        </p>
      </Section>
      <VendorCta
        title="Join the CrowdSec community"
        text="Talk to us about CrowdSec Enterprise, premium blocklists and deployment support in the region."
      />
    </>
  );
}
