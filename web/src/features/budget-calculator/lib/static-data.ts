export type VendorOption = { name: string; category: string; annualCost: number; rating: number; highlights: string };

export const vendorOptions: VendorOption[] = [
  { name: 'CrowdSec Enterprise', category: 'Threat Intelligence', annualCost: 8_000, rating: 4.6, highlights: 'Community blocklists, IP reputation' },
  { name: 'Wazuh (supported)', category: 'XDR / SIEM', annualCost: 12_000, rating: 4.5, highlights: 'Open-source XDR, compliance reporting' },
  { name: '6clicks', category: 'GRC & Compliance', annualCost: 18_000, rating: 4.4, highlights: '100+ frameworks, AI assistant' },
  { name: 'ThreatDown EDR', category: 'Endpoint Protection', annualCost: 24_000, rating: 4.7, highlights: 'EDR, ransomware rollback' },
  { name: 'ThreatDown MDR', category: 'Managed Detection & Response', annualCost: 36_000, rating: 4.8, highlights: '24/7 analyst coverage' },
  { name: 'Next-Gen Firewall Suite', category: 'Network Security', annualCost: 45_000, rating: 4.5, highlights: 'IPS, URL filtering, SD-WAN' },
];

export type ScoredItem = { name: string; score: number };

export const riskScores: ScoredItem[] = [
  { name: 'Endpoint security', score: 78 },
  { name: 'Network security', score: 72 },
  { name: 'Identity & access', score: 64 },
  { name: 'Cloud security', score: 58 },
  { name: 'Data protection', score: 45 },
  { name: 'Security awareness', score: 38 },
];

export type Threat = { name: string; likelihood: 'High' | 'Medium' | 'Low'; impact: 'Critical' | 'High' | 'Medium' };

export const threatLandscape: Threat[] = [
  { name: 'Ransomware', likelihood: 'High', impact: 'Critical' },
  { name: 'Phishing & business email compromise', likelihood: 'High', impact: 'High' },
  { name: 'Supply-chain compromise', likelihood: 'Medium', impact: 'Critical' },
  { name: 'Insider threat', likelihood: 'Medium', impact: 'High' },
  { name: 'DDoS attacks', likelihood: 'Medium', impact: 'Medium' },
];

export type SecurityMetric = { name: string; value: string; target: string };

export const securityMetrics: SecurityMetric[] = [
  { name: 'Mean time to detect', value: '4.2 hours', target: 'Target: under 1 hour' },
  { name: 'Mean time to respond', value: '9.6 hours', target: 'Target: under 4 hours' },
  { name: 'Patch compliance', value: '81%', target: 'Target: 95%' },
  { name: 'Endpoints with EDR', value: '68%', target: 'Target: 100%' },
];

export type PostureTarget = { name: string; current: number; target: number };

export const postureTargets: PostureTarget[] = [
  { name: 'Asset inventory coverage', current: 92, target: 90 },
  { name: 'MFA adoption', current: 76, target: 95 },
  { name: 'Backup test success', current: 85, target: 100 },
  { name: 'Vulnerability remediation SLA', current: 58, target: 90 },
];

export type ComplianceStatus = 'Compliant' | 'In Progress' | 'Non-Compliant';

export const complianceStatuses: Array<{ framework: string; status: ComplianceStatus }> = [
  { framework: 'ISO 27001', status: 'In Progress' },
  { framework: 'UAE IA Standards', status: 'Compliant' },
  { framework: 'NCA ECC', status: 'In Progress' },
  { framework: 'PCI DSS', status: 'Non-Compliant' },
  { framework: 'GDPR', status: 'Compliant' },
];

export const trainingStats = [
  { label: 'Training completion', value: '94%' },
  { label: 'Phishing simulation pass rate', value: '73%' },
  { label: 'Average awareness score', value: '8.4/10' },
];
