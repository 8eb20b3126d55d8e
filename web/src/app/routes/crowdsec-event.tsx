import { PlaceholderPage } from '@/components/layouts/placeholder-page';

export function CrowdsecEventRoute() {
  return (
    <PlaceholderPage
      title="CrowdSec Vendor Introduction Event"
      description="Registration for our vendor introduction event in Dubai opens here soon."
    />
  );
}
