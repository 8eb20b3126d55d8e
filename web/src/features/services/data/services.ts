import {
  Activity,
  BadgeCheck,
  Cloud,
  Cpu,
  Fingerprint,
  GraduationCap,
  Lock,
  Network,
  Radar,
  ScanSearch,
  ShieldCheck,
  Siren,
  Wrench,
  type LucideIcon,
} from 'lucide-react';

export type FrameworkNode = { id: string; title: string; description: string; Icon: LucideIcon };

export const capabilities: FrameworkNode[] = [
  {
    id: 'threat-intelligence',
    title: 'Threat Intelligence',
    description: 'Real-time, crowd-sourced insight into the attackers and infrastructure targeting the region.',
    Icon: Radar,
  },
  {
    id: 'endpoint-protection',
    title: 'Endpoint Protection',
    description: 'Prevention, EDR and rollback for laptops, servers and mobile devices.',
    Icon: Cpu,
  },
  {
    id: 'network-security',
    title: 'Network Security',
    description: 'Segmentation, intrusion prevention and reputation-based blocking at the edge.',
    Icon: Network,
  },
  {
    id: 'cloud-security',
    title: 'Cloud Security',
    description: 'Posture management and workload protection across AWS, Azure, Oracle and regional clouds.',
    Icon: Cloud,
  },
  {
    id: 'identity-access',
    title: 'Identity & Access',
    description: 'Strong authentication, least privilege and continuous verification of every user.',
    Icon: Fingerprint,
  },
  {
    id: 'data-protection',
    title: 'Data Protection',
    description: 'Classification, encryption and resilient backups for sensitive and regulated data.',
    Icon: Lock,
  },
  {
    id: 'vulnerability-management',
    title: 'Vulnerability Management',
    description: 'Continuous discovery and risk-based prioritisation of weaknesses before attackers find them.',
    Icon: ScanSearch,
  },
  {
    id: 'security-monitoring',
    title: 'Security Monitoring',
    description: 'XDR and SIEM telemetry correlated into actionable alerts, 24/7.',
    Icon: Activity,
  },
  {
    id: 'compliance-grc',
    title: 'Compliance & GRC',
    description: 'Mapping controls to NCA ECC, UAE IA, ISO 27001 and more than 100 other frameworks.',
    Icon: BadgeCheck,
  },
];

export type Service = FrameworkNode & { points: string[] };

export const services: Service[] = [
  {
    id: 'security-assessment',
    title: 'Security Assessment',
    description:
      'Understand where you stand. Our specialists assess your environment against recognised frameworks and real-world attack techniques.',
    Icon: ScanSearch,
    points: ['Maturity and gap assessments', 'Penetration testing through certified partners', 'Risk-ranked roadmap'],
  },
  {
    id: 'solution-design',
    title: 'Solution Design',
    description:
      'Vendor-neutral architecture that combines the right technologies for your risk profile, budget and regulatory obligations.',
    Icon: Wrench,
    points: ['Reference architectures', 'Proof-of-concept support', 'Licensing and sizing guidance'],
  },
  {
    id: 'deployment-integration',
    title: 'Deployment & Integration',
    description:
      'Certified engineers deploy, tune and integrate every solution with your existing stack so it delivers value from day one.',
    Icon: Cpu,
    points: ['Policy tuning and hardening', 'SIEM and SOAR integration', 'Knowledge transfer'],
  },
  {
    id: 'managed-security',
    title: 'Managed Security (SOC)',
    description:
      '24/7 monitoring, detection and response delivered by regional analysts who understand your business and language.',
    Icon: Activity,
    points: ['24/7 monitoring', 'Threat hunting', 'Monthly executive reporting'],
  },
  {
    id: 'incident-response',
    title: 'Incident Response',
    description:
      'When the worst happens, our emergency team responds in under 1 hour to contain, investigate and recover.',
    Icon: Siren,
    points: ['Emergency response in under 1 hour', 'Forensics and root-cause analysis', 'Retainer options'],
  },
  {
    id: 'training-enablement',
    title: 'Training & Enablement',
    description:
      'Hands-on certification for partners and awareness programmes that turn employees into your first line of defence.',
    Icon: GraduationCap,
    points: ['Vendor certification tracks', 'Phishing simulation', 'Tabletop exercises'],
  },
];

export const frameworkCore: FrameworkNode = {
  id: 'core',
  title: 'Cyber Resilience',
  description:
    'At the centre of our framework: protecting the people, data and operations your organisation depends on.',
  Icon: ShieldCheck,
};
