import type { MyRoles, RoleHolders, SetRoleBody } from '../../contract/roles';
import { api } from './base';

/** Roles an admin grants (docs/career.md, "Roles"): the pilot's own, and the admin's list. */
export const rolesApi = api.injectEndpoints({
  endpoints: (build) => ({
    myRoles: build.query<MyRoles, void>({ query: () => '/roles/mine', providesTags: [{ type: 'Roles', id: 'MINE' }] }),
    roleHolders: build.query<RoleHolders, void>({ query: () => '/admin/roles', providesTags: [{ type: 'Roles', id: 'ALL' }] }),
    setRole: build.mutation<unknown, SetRoleBody>({
      query: (body) => ({ url: '/admin/roles', method: 'PUT', body }),
      invalidatesTags: (_r, error) => (error ? [] : ['Roles']),
    }),
  }),
});

export const { useMyRolesQuery, useRoleHoldersQuery, useSetRoleMutation } = rolesApi;
