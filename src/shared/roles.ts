// Roles are stored spelt as the spec spells them: 'acounts' is the accounts role.
export const roles = ['user', 'acounts', 'admin'] as const;
export type Role = (typeof roles)[number];

/** Who may see a screen or call a route: nobody signed in, any signed-in user, or a minimum role. */
export type Access = 'anonymous' | 'public' | Role;

const rank: Record<Role, number> = { user: 0, acounts: 1, admin: 2 };

/** `role` is null for a visitor who is not signed in. */
export function allows(access: Access, role: Role | null): boolean {
  if (access === 'public') return true;
  if (access === 'anonymous') return role === null;
  return role !== null && rank[role] >= rank[access];
}
