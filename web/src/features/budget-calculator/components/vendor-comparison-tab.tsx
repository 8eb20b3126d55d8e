import { Star } from 'lucide-react';
import { formatUsd } from '../lib/calculate';
import { vendorOptions } from '../lib/static-data';
import { AnalysisTable } from './analysis-table';

export function VendorComparison() {
  return (
    <AnalysisTable caption="Vendor comparison" head={['Vendor', 'Category', 'Annual cost', 'Rating', 'Highlights']}>
      {vendorOptions.map((vendor) => (
        <tr key={vendor.name}>
          <th scope="row" className="px-4 py-3 font-medium">
            {vendor.name}
          </th>
          <td className="px-4 py-3">{vendor.category}</td>
          <td className="px-4 py-3">{formatUsd(vendor.annualCost)}</td>
          <td className="px-4 py-3">
            <span className="inline-flex items-center gap-1">
              <Star aria-hidden="true" className="h-4 w-4 fill-yellow-400 text-yellow-400" />
              {vendor.rating.toFixed(1)}
            </span>
          </td>
          <td className="px-4 py-3 text-slate-600 dark:text-slate-300">{vendor.highlights}</td>
        </tr>
      ))}
    </AnalysisTable>
  );
}
