/** Roles without zod, so the web's first chunk stays small. */
export const ROLES = ['client', 'admin', 'administrator', 'specialist', 'operator'] as const;
export type Role = (typeof ROLES)[number];
export const isStaff = (role: Role | string | undefined | null): boolean => !!role && role !== 'client';

export const ROLE_TITLES: Record<Role, string> = {
  client: 'Клиент',
  admin: 'Главный администратор',
  administrator: 'Администратор',
  specialist: 'Специалист',
  operator: 'Оператор',
};

/** Who decides registration applications: the page, its menu item and the API use this one list. */
export const REGISTRATION_DECIDERS = ['operator', 'admin', 'administrator'] as const satisfies readonly Role[];

/** Roles that may change company data; the operator only reads (and decides registrations). */
export const canEdit = (role: Role | string | undefined | null): boolean => !!role && role !== 'operator';
