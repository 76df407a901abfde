import type { PublicProfile } from '@orbit/contract';
import { useMe } from '../../api/profiles';
import { type SearchKind, useUserProfile } from '../../api/social';
import { T } from '../../i18n/texts';
import { AddressedTitle } from '../../ui/AddressedTitle';
import { openDialog, replaceDialog } from '../../ui/dialogStore';
import { lazyScreen } from '../../ui/lazyScreen';
import type { Address } from '../../ui/navigation/history';

// Each screen's code loads when it is first opened, not with the app's first screen.
const FriendConfirmation = lazyScreen(() => import('./FriendConfirmation').then((m) => m.FriendConfirmation));
const InactiveView = lazyScreen(() => import('./InactiveView').then((m) => m.InactiveView));
const MoodPicker = lazyScreen(() => import('./MoodPicker').then((m) => m.MoodPicker));
const PrivateRequestView = lazyScreen(() => import('./PrivateRequestView').then((m) => m.PrivateRequestView));
const RequestsView = lazyScreen(() => import('./RequestsView').then((m) => m.RequestsView));
const SearchView = lazyScreen(() => import('./SearchView').then((m) => m.SearchView));
const TagEditor = lazyScreen(() => import('./TagEditor').then((m) => m.TagEditor));
const UserStarPage = lazyScreen(() => import('./UserStarPage').then((m) => m.UserStarPage));
const UsersList = lazyScreen(() => import('./UsersList').then((m) => m.UsersList));

/** Each social view opens on the dialog stack (docs/product/home-and-stars.md#shell): back pops it and focus returns to its opener. */
/** Search opens on users unless told otherwise (the home view's welcome opens it on communities). */
const searchView = (kind: SearchKind = 'users') => ({
  title: T.search,
  route: { kind: 'search', ids: [] },
  render: () => <SearchView initialKind={kind} />,
});
export const openSearch = (kind: SearchKind = 'users') => openDialog(searchView(kind));
const requestsView = () => ({
  title: T.requestsTitle,
  route: { kind: 'requests', ids: [] },
  render: () => <RequestsView />,
});
export const openRequests = () => openDialog(requestsView());
const inactiveView = () => ({
  title: T.inactiveTitle,
  route: { kind: 'inactive', ids: [] },
  render: () => <InactiveView />,
});
export const openInactive = () => openDialog(inactiveView());
export const openPrivateRequest = () =>
  openDialog({ title: T.privateRequest, render: () => <PrivateRequestView /> });
export const openUsersList = () => openDialog({ title: T.members, render: () => <UsersList /> });
/** The mood picker; /mood is where the mood reminder's push opens (decision 0054). */
const moodView = () => ({ title: T.iFeel, route: { kind: 'mood', ids: [] }, render: () => <MoodPicker /> });
export const openMoodPicker = () => openDialog(moodView());
export const openTagEditor = () => openDialog({ title: T.tagsTitle, render: () => <TagEditor /> });

/** The name of a member whose page was opened from its address, once their profile has loaded. */
function MemberName({ userId }: { userId: number }) {
  const me = useMe();
  const other = useUserProfile(userId);
  const name = me?.user_id === userId ? me.name : other.data?.name;
  return <AddressedTitle name={name} failed={other.isError} />;
}

/** The user star page is titled with the member's name, shown as written. */
const userStarView = (userId: number, name: string) => ({
  title: name,
  titleIsName: true,
  heading: name ? undefined : () => <MemberName userId={userId} />,
  route: { kind: 'member', ids: [userId] },
  render: () => <UserStarPage userId={userId} />,
});

export const openUserStar = (userId: number, name: string) => openDialog(userStarView(userId, name));
/** After a request is sent from a form, its member's page takes the form's place on the stack. */
export const showUserStarInstead = (userId: number, name: string) =>
  replaceDialog(userStarView(userId, name));

export const openFriendConfirmation = (profile: PublicProfile) =>
  openDialog({ title: T.addFriend, render: () => <FriendConfirmation profile={profile} /> });

/** The social views a link or a reload can reopen (docs/decisions/0042). */
export const SOCIAL_ADDRESSES: readonly Address[] = [
  { kind: 'search', ids: 0, view: () => searchView() },
  { kind: 'requests', ids: 0, view: requestsView },
  { kind: 'inactive', ids: 0, view: inactiveView },
  { kind: 'mood', ids: 0, view: moodView },
  { kind: 'member', ids: 1, view: ([userId]) => userStarView(userId, '') },
];
