import { paths } from '@/config/paths';

export type VendorSummary = {
  slug: string;
  name: string;
  category: string;
  summary: string;
  highlights: string[];
  path: string;
};

export const featuredVendors: VendorSummary[] = [
  {
    slug: 'threatdown',
    name: 'ThreatDown',
    category: 'Endpoint Protection',
    summary:
      'Award-winning endpoint protection, EDR and managed detection and response from the team behind Malwarebytes, built for lean IT teams.',
    highlights: ['EDR and MDR', '99.9% detection rate', 'Single lightweight agent'],
    path: paths.vendorThreatdown,
  },
  {
    slug: 'crowdsec',
    name: 'CrowdSec',
    category: 'Community Threat Intelligence',
    summary:
      'A collaborative security engine and real-time IP reputation network powered by a global community of defenders.',
    highlights: ['70,000+ community members', 'Crowd-sourced blocklists', 'Open-source engine'],
    path: paths.vendorCrowdsec,
  },
  {
    slug: 'wazuh',
    name: 'Wazuh',
    category: 'Open-Source XDR & SIEM',
    summary:
      'A unified open-source XDR and SIEM platform protecting endpoints and cloud workloads with log analysis, file integrity monitoring and compliance reporting.',
    highlights: ['10,000+ organisations', 'XDR and SIEM in one', 'No licence fees'],
    path: paths.vendorWazuh,
  },
];
