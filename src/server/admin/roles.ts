/**
 * The two roles of the admin: editors publish events and read messages; owners also manage the
 * staff accounts (/Admin/staff). Accounts made before roles existed are owners.
 */
export const ADMIN_ROLES = ['owner', 'editor'] as const;

export type AdminRole = (typeof ADMIN_ROLES)[number];

export const ROLE_LABELS: Record<AdminRole, string> = { owner: 'Owner', editor: 'Editor' };

export function isAdminRole(value: unknown): value is AdminRole {
  return ADMIN_ROLES.some((role) => role === value);
}
