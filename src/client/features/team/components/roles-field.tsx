import { Checkbox, Stack } from '@mantine/core';
import { staffRoleHints, staffRoleLabels, staffRoles, type StaffRole } from '../../../../shared/course-roles.ts';

/** The roles as checkboxes, each with what it is for. */
export function RolesField({
  value,
  onChange,
  error,
}: {
  value: StaffRole[];
  onChange: (roles: StaffRole[]) => void;
  error?: string | null;
}) {
  return (
    <Checkbox.Group label="Roles" value={value} onChange={(roles) => onChange(roles as StaffRole[])} error={error} withAsterisk>
      <Stack gap="xs" mt="xs">
        {staffRoles.map((role) => (
          <Checkbox key={role} value={role} label={staffRoleLabels[role]} description={staffRoleHints[role]} />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}
