/** The admin module's entry: what other modules may use of it (docs/decisions/0033). */
export {
  adminOrganizations,
  administeredOrganizations,
  assertOrgAdmin,
  memberOrganizationIds,
  organizationMemberIds,
  organizationsOf,
} from './policy';
