import { type Static, Type } from 'typebox';

/** Organisations whose admin the caller is: where the admin screens may write. */
export const AdminOrganizationsResponse = Type.Object({
  organizations: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
  communities: Type.Array(
    Type.Object({ community_id: Type.Integer(), name: Type.String(), community_type: Type.Integer() }),
  ),
});
export type AdminOrganizationsResponse = Static<typeof AdminOrganizationsResponse>;
