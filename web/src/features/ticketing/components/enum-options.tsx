import { titleCase } from '../lib/format';

/** One option per value, labelled in title case. */
export function EnumOptions({ values }: { values: readonly string[] }) {
  return (
    <>
      {values.map((value) => (
        <option key={value} value={value}>
          {titleCase(value)}
        </option>
      ))}
    </>
  );
}
