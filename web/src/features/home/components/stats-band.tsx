const stats = [
  { value: '99.9%', label: 'Detection rate' },
  { value: '24/7', label: 'Monitoring' },
  { value: '100+', label: 'Protected businesses' },
];

export function StatsBand() {
  return (
    <section aria-label="Our track record" className="bg-brand-700 text-white">
      <dl className="mx-auto grid max-w-7xl gap-8 px-4 py-12 text-center sm:grid-cols-3 sm:px-6 lg:px-8">
        {stats.map((stat) => (
          <div key={stat.label} className="flex flex-col">
            <dt className="text-sm uppercase tracking-wider text-brand-100">{stat.label}</dt>
            <dd className="order-first text-4xl font-bold sm:text-5xl">{stat.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
