import { useMessages } from '@lattice/ui-sdk';
import { shellCatalogue } from '../i18n/shell-catalogue.js';
import { roleNameIds } from './role-names.js';
import { userRoles } from '../../graphql/users-queries.js';

/** The roles as a select's options: the role as value, its name in the active language as label. */
export function useRoleOptions() {
  const t = useMessages(shellCatalogue);
  return userRoles.map((role) => ({ value: role, label: t(roleNameIds[role]) }));
}
