import { CommunityRole } from '@orbit/contract';
import { isApiError } from '../../api/client';
import { useAppointExpert, useCommunity, useCommunityMembers, useRemoveMember } from '../../api/communities';
import { useMe, useProfiles } from '../../api/profiles';
import { isExpert } from '../../api/roles';
import { open } from '../../app/places';
import { positional, useTranslation } from '../../i18n';
import { buttonCase } from '../../i18n/casing';
import { listedPersonName } from '../../i18n/names';
import { T } from '../../i18n/texts';
import { Button, IconButton } from '../../ui/Button';
import { confirmYesNo } from '../../ui/confirm';
import { CloseIcon } from '../../ui/icons';
import layoutStyles from '../../ui/Layout.module.css';
import { PersonRow } from '../../ui/PersonRow';
import { showError } from '../../ui/popup';
import { Rows } from '../../ui/Rows';
import { confirmDone } from '../../ui/toast';
import { mayAppointExperts } from './rules';

/**
 * The members list (docs/product/communities.md#members): experts see "Add a member" and a remove icon on everyone but themselves,
 * each removal confirmed with "Are you sure?"; list, add and remove failures are silent (docs/product/the area's own anchor (communities.md#members).
 * Experts, and the admins of the organisation that owns the community, also see "Make expert" on each
 * member who is not one yet (decision 0048).
 */
export function MembersList({ id }: { id: number }) {
  const { t } = useTranslation();
  const me = useMe();
  const community = useCommunity(id).data;
  const members = useCommunityMembers(id).data?.members ?? [];
  const remove = useRemoveMember();
  const expert = community ? isExpert(community.roles) : false;
  const organizations = useProfiles().data?.organizations ?? [];
  const appoints = community ? mayAppointExperts(community, organizations) : false;
  const askToAppoint = useAskToAppoint(id, community?.name ?? '');
  // The question names who and from where; the spec's "Are you sure?" follows it (docs/product/communities.md#community-page).
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
          <Button onClick={() => open('add-member', { communityId: id })}>{t(T.addAMember)}</Button>
        </div>
      )}
      <Rows label={t(T.members)} empty={t(T.noResults)}>
        {members.map((member) => {
          // The one display-name rule: the question and the toast name the member as the row does.
          const shown = listedPersonName(t, {
            name: member.name,
            isMe: member.user_id === me?.user_id,
          });
          return (
            <PersonRow
              key={member.user_id}
              face={{
                name: shown,
                image_url: member.image_url ?? member.user_image_url,
                avatar_image: member.avatar_image,
              }}
              detail={member.role === CommunityRole.EXPERT ? t(T.expert) : undefined}
            >
              {appoints && member.role !== CommunityRole.EXPERT && (
                <Button
                  variant="secondary"
                  aria-label={buttonCase(t(T.makeExpertNamed, positional(shown)))}
                  onClick={() => askToAppoint(member.user_id, shown)}
                >
                  {t(T.makeExpert)}
                </Button>
              )}
              {expert && member.user_id !== me?.user_id && (
                <IconButton
                  label={t(T.removeMember, positional(member.name))}
                  onClick={() => askToRemove(member.user_id, member.name)}
                >
                  <CloseIcon />
                </IconButton>
              )}
            </PersonRow>
          );
        })}
      </Rows>
    </div>
  );
}

/**
 * "Make amara.n an expert of Runners?" with Yes/No; after Yes, "amara.n is now an expert" and the list
 * shows them as one. A refusal (403 no longer allowed, 404 they left) says so; any other failure shows the
 * default popup.
 */
function useAskToAppoint(id: number, communityName: string) {
  const { t } = useTranslation();
  const appoint = useAppointExpert();
  return (userId: number, name: string) =>
    confirmYesNo(
      t(T.makeExpertQuestion, positional(name, communityName)),
      () =>
        void appoint.mutateAsync({ id, userId }).then(
          () => confirmDone(T.madeExpert, positional(name)),
          (error: unknown) => {
            if (isApiError(error, 403) || isApiError(error, 404)) {
              showError(T.makeExpertRefusedTitle, T.makeExpertRefused, positional(name));
            } else showError();
          },
        ),
      t(T.makeExpertDetail),
    );
}
