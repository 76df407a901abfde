import { CommunityRole } from '@orbit/contract';
import { useCommunity, useCommunityMembers, useRemoveMember } from '../../api/communities';
import { useMe } from '../../api/profiles';
import { positional, useTranslation } from '../../i18n';
import { listedPersonName } from '../../i18n/names';
import { T } from '../../i18n/texts';
import { Button, IconButton } from '../../ui/Button';
import { CloseIcon } from '../../ui/icons';
import layoutStyles from '../../ui/Layout.module.css';
import { PersonRow } from '../../ui/PersonRow';
import { Rows } from '../../ui/Rows';
import { confirmYesNo, openAddMember } from './open';
import { isExpert } from './rules';

/**
 * The members list (001 §2): experts see "Add a member" and a remove icon on everyone but themselves,
 * each removal confirmed with "Are you sure?"; list, add and remove failures are silent (001 §8).
 */
export function MembersList({ id }: { id: number }) {
  const { t } = useTranslation();
  const me = useMe();
  const community = useCommunity(id).data;
  const members = useCommunityMembers(id).data?.members ?? [];
  const remove = useRemoveMember();
  const expert = community ? isExpert(community.roles) : false;
  // The question names who and from where; the spec's "Are you sure?" follows it (001 §2).
  const askToRemove = (userId: number, name: string) =>
    confirmYesNo(
      t(T.removeMemberQuestion, positional(name, community?.name ?? '')),
      () => remove.mutate({ id, userId }),
      t(T.areYouSure),
    );
  return (
    <div className={layoutStyles.stack}>
      {expert && (
        <div className={layoutStyles.buttons}>
          <Button onClick={() => openAddMember(id)}>{t(T.addAMember)}</Button>
        </div>
      )}
      <Rows label={t(T.members)} empty={t(T.noResults)}>
        {members.map((member) => (
          <PersonRow
            key={member.user_id}
            face={{
              screen_name: listedPersonName(t, {
                name: member.screen_name,
                isMe: member.user_id === me?.user_id,
              }),
              image_url: member.image_url ?? member.user_image_url,
              avatar_image: member.avatar_image,
            }}
            detail={member.role === CommunityRole.EXPERT ? t(T.expert) : undefined}
          >
            {expert && member.user_id !== me?.user_id && (
              <IconButton
                label={t(T.removeMember, positional(member.screen_name))}
                onClick={() => askToRemove(member.user_id, member.screen_name)}
              >
                <CloseIcon />
              </IconButton>
            )}
          </PersonRow>
        ))}
      </Rows>
    </div>
  );
}
