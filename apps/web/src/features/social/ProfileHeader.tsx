import { memberPicture } from '../../api/account';
import { Avatar } from '../../ui/Avatar';
import listStyles from '../../ui/List.module.css';
import { MoodTags } from './MoodTags';
import styles from './Social.module.css';

export interface HeaderProfile {
  /** The name the server presents (decision 0043), the same on every screen. */
  name: string;
  image_url: string | null;
  avatar_image: string;
  gojimoji: { mood: number | null; tags: string[] };
}

/** Avatar, name, mood and mood tags: the head of the user star page and of the friend confirmation. */
export function ProfileHeader({ profile }: { profile: HeaderProfile }) {
  return (
    <div className={listStyles.header}>
      <Avatar src={memberPicture(profile)} name={profile.name} size={88} decorative />
      <div className={styles.headerText}>
        <p className={listStyles.headerName}>{profile.name}</p>
        <MoodTags gojimoji={profile.gojimoji} />
      </div>
    </div>
  );
}
