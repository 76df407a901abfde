/** The admin module's entry: what other modules may use of it (docs/decisions/0033). */
export {
  administeredOrganizations,
  adminOrganizations,
  assertOrgAdmin,
  memberOrganizationIds,
  organizationAdminIds,
  organizationMemberIds,
  organizationsOf,
} from './policy';
export { makeOrganizationAdmin, memberByEmail, setMemberDisabled } from './operator';
