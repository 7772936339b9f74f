/** The action that lets a user read every plugin's activity: the `logs` plugin declares it (core did until it existed). */
export const showActivityPermission = 'logs:showActivity';
