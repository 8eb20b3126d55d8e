import { paths } from '@/config/paths';

export type ArticleSection = { heading?: string; paragraphs: string[]; bullets?: string[] };

export type Article = {
  slug: string;
  path: string;
  title: string;
  excerpt: string;
  category: string;
  readTime: string;
  author: string;
  date: string;
  backTo: { label: string; path: string };
  sections: ArticleSection[];
  relatedSlugs?: string[];
};

const footballSlug = 'cybersecurity-like-football';
const zeroTrustSlug = 'zero-trust-for-gcc-enterprises';
const ransomwareSlug = 'ransomware-readiness-playbook';

export const articles: Article[] = [
  {
    slug: footballSlug,
    path: paths.articleFootball,
    title: 'Why Cybersecurity Is Like Football: Defence Wins Championships',
    excerpt:
      'Formations, fitness and a well-drilled back line: what a championship-winning football team can teach security leaders about building layered defences.',
    category: 'Security Strategy',
    readTime: '6 min read',
    author: 'Khalid Al Mansoori',
    date: '2025-09-14',
    backTo: { label: 'Back to Resources', path: paths.resources },
    relatedSlugs: [zeroTrustSlug, ransomwareSlug],
    sections: [
      {
        paragraphs: [
          'Every football fan in the Gulf knows the feeling: your side dominates possession for eighty minutes, then a single defensive lapse lets the opposition score on the counter. Cybersecurity works the same way. Attackers only need one gap; defenders need the whole team to hold its shape for the full ninety minutes, every match, all season.',
          'After years of helping organisations across the GCC build their security programmes, we keep returning to this analogy because it makes the abstract concrete for boards and business leaders.',
        ],
      },
      {
        heading: 'The goalkeeper: endpoint protection',
        paragraphs: [
          'The goalkeeper is the last line of defence. Modern endpoint detection and response plays this role: when everything else has been bypassed, it must still stop the shot. But no coach builds a team that relies on the goalkeeper alone, and no security leader should rely solely on endpoint tools.',
        ],
      },
      {
        heading: 'The back line: network and identity controls',
        paragraphs: [
          'Centre-backs read the game and cut out attacks before they become dangerous. Firewalls, network segmentation and strong identity controls do the same, reducing the number of threats that ever reach your endpoints.',
        ],
        bullets: [
          'Segment networks so a breach in one area cannot spread freely.',
          'Enforce multi-factor authentication for every privileged account.',
          'Block known malicious IP addresses with community threat intelligence before they touch your services.',
        ],
      },
      {
        heading: 'Midfield: visibility and monitoring',
        paragraphs: [
          'Matches are won and lost in midfield, where teams control tempo and see the whole pitch. A security operations centre with XDR and SIEM tooling provides that view, correlating signals across endpoints, cloud and network so analysts spot patterns that no single tool would reveal.',
        ],
      },
      {
        heading: 'The coach: governance, risk and compliance',
        paragraphs: [
          'Great teams have a clear game plan. Governance frameworks such as ISO 27001, the NIST Cybersecurity Framework and the UAE Information Assurance Standards define that plan, assign responsibilities and measure progress. GRC platforms turn the plan into daily practice.',
        ],
      },
      {
        heading: 'Training ground: people and drills',
        paragraphs: [
          'Set pieces are rehearsed hundreds of times before match day. Incident response playbooks, tabletop exercises and phishing simulations give your people the same muscle memory, so the response is calm and practised when a real incident arrives.',
          'Defence wins championships. Build the whole team, drill it, and keep it fit all season.',
        ],
      },
    ],
  },
  {
    slug: zeroTrustSlug,
    path: paths.articleZeroTrust,
    title: 'Zero Trust for GCC Enterprises: A Practical Roadmap',
    excerpt:
      'Zero trust is a journey, not a product. A phased roadmap for organisations in the UAE, Saudi Arabia and the wider GCC, aligned with regional regulation.',
    category: 'Architecture',
    readTime: '8 min read',
    author: 'Priya Nair',
    date: '2025-08-27',
    backTo: { label: 'Back to Home', path: paths.home },
    sections: [
      {
        paragraphs: [
          'Hybrid work, cloud adoption and national digital-transformation programmes have dissolved the traditional network perimeter. Zero trust replaces implicit trust with continuous verification: every user, device and workload must prove it should have access, every time.',
        ],
      },
      {
        heading: 'Phase 1: know what you protect',
        paragraphs: [
          'Start with an inventory of users, devices, applications and data flows. Classify data according to the requirements you face, such as the UAE IA Standards, the Saudi NCA Essential Cybersecurity Controls or the Qatar National Information Assurance policy.',
        ],
      },
      {
        heading: 'Phase 2: strengthen identity',
        paragraphs: [
          'Identity is the new perimeter. Consolidate directories, enforce phishing-resistant multi-factor authentication and apply least-privilege access with just-in-time elevation for administrators.',
        ],
        bullets: [
          'Single sign-on for every business application.',
          'Conditional access based on device health and location.',
          'Quarterly access reviews for privileged roles.',
        ],
      },
      {
        heading: 'Phase 3: verify devices and workloads',
        paragraphs: [
          'Only healthy, managed devices should reach sensitive resources. Endpoint protection with EDR telemetry provides the device signal; workload identities and micro-segmentation protect servers and containers.',
        ],
      },
      {
        heading: 'Phase 4: monitor continuously',
        paragraphs: [
          'Zero trust depends on telemetry. Centralise logs in an XDR or SIEM platform, enrich them with threat intelligence and automate responses so that risky sessions are challenged or terminated in real time.',
          'GulfSec Distribution and its partners help organisations assess their current maturity and build a roadmap that fits their budget and regulatory obligations.',
        ],
      },
    ],
  },
  {
    slug: ransomwareSlug,
    path: paths.articleRansomware,
    title: 'Ransomware Readiness: A Playbook for Regional Businesses',
    excerpt:
      'Ransomware remains the most disruptive threat to Gulf organisations. Prepare your people, processes and technology before attackers test them.',
    category: 'Incident Response',
    readTime: '7 min read',
    author: 'Omar Haddad',
    date: '2025-07-30',
    backTo: { label: 'Back to Home', path: paths.home },
    sections: [
      {
        paragraphs: [
          'Ransomware groups increasingly target the energy, logistics, healthcare and government sectors across the GCC. Double extortion, in which data is stolen before it is encrypted, means that backups alone are no longer a complete answer.',
        ],
      },
      {
        heading: 'Before an attack',
        paragraphs: ['Most ransomware incidents exploit weaknesses that were known and fixable.'],
        bullets: [
          'Patch internet-facing systems within days, not months.',
          'Deploy EDR on every endpoint and server, including legacy systems.',
          'Keep offline, immutable backups and test restores every quarter.',
          'Block known malicious infrastructure with shared threat intelligence.',
        ],
      },
      {
        heading: 'During an attack',
        paragraphs: [
          'Speed decides the outcome. Isolate affected hosts, preserve evidence, activate your incident response retainer and communicate through pre-agreed channels that do not depend on compromised systems.',
        ],
      },
      {
        heading: 'After an attack',
        paragraphs: [
          'Rebuild from known-good images, rotate every credential, and run a blameless review that turns lessons into funded improvements. Report to regulators within the required timeframes.',
          'Our team can help you assess your readiness and connect you with certified incident response partners across the region.',
        ],
      },
    ],
  },
];

export function findArticle(slug: string | undefined): Article | undefined {
  return articles.find((article) => article.slug === slug);
}
