import { Activity, BadgeCheck, Cloud, FileSearch, Container, ShieldAlert } from 'lucide-react';
import { paths } from '@/config/paths';
import { Section } from '@/components/layouts/section';
import { ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { VendorHero } from '@/features/vendors/components/vendor-hero';
import { FeatureGrid } from '@/features/vendors/components/feature-grid';
import { VendorCta } from '@/features/vendors/components/vendor-cta';

const features = [
  { Icon: Activity, title: 'Threat detection', text: 'Log data analysis and intrusion detection across endpoints, servers and network devices.' },
  { Icon: FileSearch, title: 'File integrity monitoring', text: 'Detect changes to critical files, permissions and registry keys in real time.' },
  { Icon: ShieldAlert, title: 'Vulnerability detection', text: 'Correlate installed software with CVE feeds to find exposed systems.' },
  { Icon: Cloud, title: 'Cloud security', text: 'Monitor AWS, Azure and Google Cloud configuration and activity.' },
  { Icon: Container, title: 'Container security', text: 'Visibility into Docker hosts and Kubernetes workloads.' },
  { Icon: BadgeCheck, title: 'Regulatory compliance', text: 'Out-of-the-box reporting for PCI DSS, GDPR, HIPAA and NIST 800-53.' },
];

const services = [
  { title: 'Architecture and sizing', text: 'Design a resilient, scalable cluster for your data volumes and retention needs.' },
  { title: 'Deployment and tuning', text: 'Agents, decoders and rules tuned to cut noise and surface real threats.' },
  { title: 'Managed operations', text: 'Optional 24/7 monitoring through our regional SOC partners.' },
];

export function VendorWazuhRoute() {
  return (
    <>
      <VendorHero
        category="Open-Source XDR & SIEM"
        title="Wazuh: unified XDR and SIEM protection, open source"
        actions={
          <ButtonLink to={paths.contact} size="lg">
            Plan Your Deployment
          </ButtonLink>
        }
      >
        Trusted by more than 10,000 organisations worldwide, Wazuh brings endpoint and cloud workload protection,
        log analysis and compliance reporting together without licence fees.
      </VendorHero>
      <Section title="One platform for detection and compliance">
        <FeatureGrid features={features} />
      </Section>
      <Section
        title="Enterprise-ready with GulfSec"
        intro="Open source does not mean unsupported. Our engineers help you run Wazuh with confidence."
        className="bg-slate-50 dark:bg-navy-900/40"
      >
        <div className="grid gap-6 md:grid-cols-3">
          {services.map((service) => (
            <Card key={service.title}>
              <h3 className="text-lg font-bold">{service.title}</h3>
              <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{service.text}</p>
            </Card>
          ))}
        </div>
        <div className="mt-8">
          <ButtonLink to={paths.contact} variant="outline">
            Speak to a Wazuh engineer
          </ButtonLink>
        </div>
      </Section>
      <VendorCta
        title="Build your SOC on Wazuh"
        text="From proof of concept to production, we help you deploy an XDR and SIEM platform that scales with you."
      />
    </>
  );
}
