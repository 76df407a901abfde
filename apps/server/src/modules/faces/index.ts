/**
 * A member's face: how one member appears to another (persona or avatar identity) and how two members stand
 * to each other. The bottom module: every module may use it, it uses none (docs/decisions/0033).
 */
export {
  FACE_COLUMNS,
  FACES_CHANGED_CHANNEL,
  type FaceRow,
  faceFieldsSql,
  facesJsonSql,
  isFriendSql,
  type UserRow,
} from './columns';
export {
  defaultCommunityIdentity,
  FRIEND,
  faceSeenBy,
  joinedAsPersona,
  joinedAsPersonaSql,
  presentPublicProfile,
  SELF,
  type Stance,
  seesOthersPersonaSql,
  seesPersona,
  stanceIn,
} from './policy';
export {
  displayNameOf,
  identityOf,
  type MemberFace,
  personaOf,
  presentMemberFace,
  type Relation,
  STRANGER,
} from './presenter';
export { isResting, quietHoursOf, restingAmong } from './quiet';
export {
  faceAsSeenBy,
  faceOfRowSeenBy,
  facesFor,
  findUser,
  findUsers,
  lockPair,
  lockUser,
  relationOf,
  relationsOf,
} from './service';
export { publicCounts, wellbeingOf, wellbeingOfSql } from './wellbeing';
