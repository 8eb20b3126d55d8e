import { EventRegistrationPage } from '@/features/events/components/event-registration-page';

export function CrowdsecEventRoute() {
  return <EventRegistrationPage />;
}
