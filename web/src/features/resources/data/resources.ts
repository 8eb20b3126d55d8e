import { paths } from '@/config/paths';

export type Whitepaper = { title: string; description: string; pages: number; category: string };

export type Webinar = {
  title: string;
  description: string;
  duration: string;
  date: string;
  type: 'Upcoming' | 'On-Demand';
};

export type Tool = { name: string; description: string; type: string; link?: string };

export const whitepapers: Whitepaper[] = [
  {
    title: 'The GCC Threat Landscape Report',
    description: 'The attack techniques, sectors and threat actors that shaped the regional threat landscape this year.',
    pages: 32,
    category: 'Threat Intelligence',
  },
  {
    title: 'Building a Modern SOC on a Mid-Market Budget',
    description: 'How to combine open-source XDR, managed detection and automation to achieve round-the-clock coverage.',
    pages: 24,
    category: 'Security Operations',
  },
  {
    title: 'Mapping NCA ECC and UAE IA Controls to ISO 27001',
    description: 'A practical cross-walk that lets you satisfy regional regulators and international auditors at once.',
    pages: 40,
    category: 'Compliance',
  },
];

export const webinars: Webinar[] = [
  {
    title: 'Ransomware Defence Masterclass',
    description: 'A live walkthrough of how EDR rollback and MDR stop ransomware in real attacks.',
    duration: '60 minutes',
    date: '2027-02-17',
    type: 'Upcoming',
  },
  {
    title: 'Crowd-Sourced Threat Intelligence in Practice',
    description: 'How community blocklists reduce malicious traffic for regional e-commerce and government portals.',
    duration: '45 minutes',
    date: '2025-10-08',
    type: 'On-Demand',
  },
  {
    title: 'Automating Compliance with AI',
    description: 'See how AI-assisted GRC cuts control mapping and audit preparation from weeks to days.',
    duration: '50 minutes',
    date: '2025-09-10',
    type: 'On-Demand',
  },
];

export const tools: Tool[] = [
  {
    name: 'Security Budget Calculator',
    description: 'Estimate a recommended security budget for your organisation and see where the gaps are.',
    type: 'Calculator',
    link: paths.budgetCalculator,
  },
  {
    name: 'Incident Response Checklist',
    description: 'A one-page checklist for the first 24 hours of a security incident.',
    type: 'Checklist',
  },
  {
    name: 'Phishing Awareness Quiz',
    description: 'Ten quick questions to test how well your team spots a phishing email.',
    type: 'Assessment',
  },
];
