import { useTranslation } from '../i18n';
import { T } from '../i18n/texts';
import styles from './ItemMenu.module.css';
import { Menu, MenuItem } from './Menu';

export interface ItemMenuProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onEdit?: () => void;
  onDelete?: () => void;
  onCopyLink?: () => void;
  /** Someone else's item: the member may report it (issue 14). */
  onReport?: () => void;
  /** Someone else's message in a group thread: the member may block its author (issue 14). */
  onBlock?: () => void;
  label: string;
}

/**
 * The edit, delete, report and block menu of a post, comment or message (docs/product/feeds-and-comments.md#post-edit-delete, issue 14): a button that shows on
 * hover and focus, or the long press on touch; only the actions the server allows are listed, and none means
 * no menu. A community post's menu also copies its address.
 */
export function ItemMenu({
  open,
  onOpenChange,
  onEdit,
  onDelete,
  onCopyLink,
  onReport,
  onBlock,
  label,
}: ItemMenuProps) {
  const { t } = useTranslation();
  if (!onEdit && !onDelete && !onCopyLink && !onReport && !onBlock) return null;
  return (
    <div className={styles.menuWrap}>
      <Menu
        open={open}
        onOpenChange={onOpenChange}
        trigger={
          <button type="button" className={styles.menuButton} aria-label={label}>
            <span aria-hidden="true">⋯</span>
          </button>
        }
      >
        {onEdit && <MenuItem onSelect={onEdit}>{t(T.feedEdit)}</MenuItem>}
        {onDelete && <MenuItem onSelect={onDelete}>{t(T.feedDelete)}</MenuItem>}
        {onCopyLink && <MenuItem onSelect={onCopyLink}>{t(T.feedCopyLink)}</MenuItem>}
        {onReport && <MenuItem onSelect={onReport}>{t(T.report)}</MenuItem>}
        {onBlock && <MenuItem onSelect={onBlock}>{t(T.block)}</MenuItem>}
      </Menu>
    </div>
  );
}
