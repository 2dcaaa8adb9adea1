import type { OrganizationRef } from '@javelin/contracts';

/** A choice among organizations (schools and clubs), by id; the first option, '', is none or all. */
export function OrganizationSelect({
  id,
  value,
  onChange,
  emptyLabel,
  organizations,
}: {
  id: string;
  value: string;
  onChange: (organizationId: string) => void;
  emptyLabel: string;
  organizations: readonly OrganizationRef[];
}) {
  return (
    <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
      <option value="">{emptyLabel}</option>
      {organizations.map((o) => (
        <option key={o.id} value={o.id}>
          {o.name}
        </option>
      ))}
    </select>
  );
}
