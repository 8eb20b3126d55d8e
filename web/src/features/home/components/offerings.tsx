import { Boxes, Handshake, Headset, Rocket } from 'lucide-react';
import { Card } from '@/components/ui/card';

const offerings = [
  {
    Icon: Boxes,
    title: 'Curated vendor portfolio',
    text: 'Carefully selected technologies that cover endpoints, networks, cloud and compliance without overlap.',
  },
  {
    Icon: Handshake,
    title: 'Channel-first partnership',
    text: 'Deal registration, margin protection and joint go-to-market support for resellers and integrators.',
  },
  {
    Icon: Headset,
    title: 'Local technical expertise',
    text: 'Pre-sales engineers, proof-of-concept labs and Arabic- and English-speaking support in your time zone.',
  },
  {
    Icon: Rocket,
    title: 'Faster time to value',
    text: 'Licensing, logistics and deployment services that get protection running in days, not months.',
  },
];

export function Offerings() {
  return (
    <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
      {offerings.map(({ Icon, title, text }) => (
        <Card key={title}>
          <Icon aria-hidden="true" className="h-8 w-8 text-brand-700 dark:text-brand-400" />
          <h3 className="mt-4 font-bold">{title}</h3>
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{text}</p>
        </Card>
      ))}
    </div>
  );
}
