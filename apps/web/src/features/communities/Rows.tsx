import { RowList, type RowListProps } from '../../ui/ListRow';
import styles from './Communities.module.css';

export { ListRow as Row } from '../../ui/ListRow';

/**
 * The community and people-picker lists: their rows carry up to two buttons (accept and decline, add),
 * so the name may narrow further than in the social lists before the buttons wrap under it.
 */
export function Rows(props: Omit<RowListProps, 'className'>) {
  return <RowList {...props} className={styles.rows} />;
}
