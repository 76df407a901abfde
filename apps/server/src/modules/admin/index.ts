/** The admin module's entry: what other modules may use of it (docs/decisions/0033). */

export { makeOrganizationAdmin, memberByEmail, setMemberDisabled } from './operator';
export {
  administeredOrganizations,
  adminOrganizations,
  assertOrgAdmin,
  memberOrganizationIds,
  organizationAdminIds,
  organizationMemberIds,
  organizationsOf,
  organizationsRead,
} from './policy';
