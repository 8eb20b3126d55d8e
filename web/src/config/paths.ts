export const paths = {
  home: '/',
  about: '/about',
  services: '/services',
  vendors: '/vendors',
  vendorThreatdown: '/vendors/threatdown',
  vendorCrowdsec: '/vendors/crowdsec',
  vendorWazuh: '/vendors/wazuh',
  vendorSixclicks: '/vendors/sixclicks',
  articleFootball: '/articles/cybersecurity-like-football',
  articleZeroTrust: '/articles/zero-trust-for-gcc-enterprises',
  articleRansomware: '/articles/ransomware-readiness-playbook',
  /** The route pattern that serves every article by its slug. */
  article: '/articles/:slug',
  resources: '/resources',
  contact: '/contact',
  budgetCalculator: '/budget-calculator',
  testPartner: '/test-partner',
  crowdsecEvent: '/crowdsec-event',
  partnerRegistration: '/partner-registration',
  partnerPortal: '/partner-portal',
  partnerProfile: '/partner-profile',
  partnerAdmin: '/partner-admin',
  eventRegistrations: '/event-registrations',
  dashboard: '/dashboard',
  login: '/login',
} as const;

export type Platform = 'partner' | 'ticketing';

const partnerAreaPrefixes = [
  '/partner-',
  paths.crowdsecEvent,
  paths.eventRegistrations,
];

export function platformForPath(pathname: string): Platform {
  return partnerAreaPrefixes.some((prefix) => pathname.startsWith(prefix))
    ? 'partner'
    : 'ticketing';
}

export function loginPath(platform: Platform): string {
  return `${paths.login}?platform=${platform}`;
}
