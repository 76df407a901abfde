import type { Community, CommunityEntry } from '@orbit/contract';
import { useCommunity } from '../../api/communities';
import type { CommunityRef, PendingInvite } from '../../app/places';
import { i18n, positional } from '../../i18n';
import { T } from '../../i18n/texts';
import { AddressedTitle } from '../../ui/AddressedTitle';
import { openDialog, replaceDialog } from '../../ui/dialogStore';
import { lazyScreen } from '../../ui/lazyScreen';
import type { Address } from '../../ui/navigation/history';
import { listTarget } from './rules';

// Each screen's code loads when it is first opened, not with the app's first screen.
const AddMemberScreen = lazyScreen(() => import('./AddMemberScreen').then((m) => m.AddMemberScreen));
const ChangeCommunityImage = lazyScreen(() =>
  import('./ChangeCommunityImage').then((m) => m.ChangeCommunityImage),
);
const CommunityInfoPage = lazyScreen(() => import('./CommunityInfoPage').then((m) => m.CommunityInfoPage));
const CommunityPage = lazyScreen(() => import('./CommunityPage').then((m) => m.CommunityPage));
const CommunityPreview = lazyScreen(() => import('./CommunityPreview').then((m) => m.CommunityPreview));
const CreateCommunity = lazyScreen(() => import('./CreateCommunity').then((m) => m.CreateCommunity));
const InviteCard = lazyScreen(() => import('./InviteCard').then((m) => m.InviteCard));
const InviteModal = lazyScreen(() => import('./InviteModal').then((m) => m.InviteModal));
const JoinFlow = lazyScreen(() => import('./JoinFlow').then((m) => m.JoinFlow));
const MembersList = lazyScreen(() => import('./MembersList').then((m) => m.MembersList));

/** The title of a community opened from its address, once its page has loaded. */
function CommunityName({ id }: { id: number }) {
  const community = useCommunity(id);
  return <AddressedTitle name={community.data?.name} failed={community.isError} />;
}

const communityView = ({ id, name }: CommunityRef) => ({
  title: name,
  titleIsName: true,
  // On a desktop the page takes the window, so its comments side panel fits beside the feed (docs/product/feeds-and-comments.md#comments).
  stage: true,
  heading: name ? undefined : () => <CommunityName id={id} />,
  route: { kind: 'community', ids: [id] },
  render: () => <CommunityPage id={id} />,
});

export const openCommunity = (community: CommunityRef) => openDialog(communityView(community));
/** Once the member may open it (joined, accepted), the community takes its invite's or preview's place. */
export const showCommunityInstead = (community: CommunityRef) => replaceDialog(communityView(community));

export const openCommunityPreview = (entry: CommunityEntry) =>
  openDialog({ title: entry.name, titleIsName: true, render: () => <CommunityPreview entry={entry} /> });

export const openJoinFlow = (entry: CommunityEntry, onJoined: () => void) =>
  openDialog({
    title: entry.name,
    titleIsName: true,
    render: () => <JoinFlow entry={entry} onJoined={onJoined} />,
  });

export const openInviteCard = (invite: PendingInvite) =>
  openDialog({ title: invite.name, titleIsName: true, render: () => <InviteCard invite={invite} /> });

/** Only members open a community from a list (docs/product/communities.md#visibility); an invitee sees the invite, anyone else its info. */
export function openFromList(entry: CommunityEntry): void {
  const target = listTarget(entry);
  if (target === 'page') openCommunity(entry);
  else if (target === 'invite') openInviteCard(inviteOf(entry));
  else openCommunityPreview(entry);
}

const inviteOf = (entry: CommunityEntry): PendingInvite => ({
  communityId: entry.id,
  name: entry.name,
  imageUrl: entry.image_url,
  color: entry.color,
  sentAt: entry.request_date,
});

const communityInfoView = (id: number) => ({
  title: T.communityInfo,
  route: { kind: 'community-info', ids: [id] },
  render: () => <CommunityInfoPage id={id} />,
});
export const openCommunityInfo = (id: number) => openDialog(communityInfoView(id));

const membersView = (id: number) => ({
  title: T.members,
  route: { kind: 'members', ids: [id] },
  render: () => <MembersList id={id} />,
});
export const openMembers = (id: number) => openDialog(membersView(id));

export const openAddMember = (id: number) =>
  openDialog({ title: T.addAMember, render: () => <AddMemberScreen id={id} /> });

export const openInviteModal = (community: Pick<Community, 'id' | 'name'>) =>
  openDialog({
    title: i18n.t(T.inviteTitle, positional(community.name)),
    titleIsName: true,
    render: () => <InviteModal id={community.id} />,
  });

export const openChangeCommunityImage = (id: number) =>
  openDialog({ title: T.changeCommunityImage, render: () => <ChangeCommunityImage id={id} /> });

export const openCreateCommunity = () =>
  openDialog({ title: T.communityCreateTitle, render: () => <CreateCommunity /> });

/** The community views a link or a reload can reopen (docs/decisions/0042). */
export const COMMUNITY_ADDRESSES: readonly Address[] = [
  { kind: 'community', ids: 1, view: ([id]) => communityView({ id, name: '' }) },
  { kind: 'community-info', ids: 1, view: ([id]) => communityInfoView(id) },
  { kind: 'members', ids: 1, view: ([id]) => membersView(id) },
];
