import styles from './List.module.css';
import { RowList, type RowListProps } from './ListRow';

export { ListRow as Row } from './ListRow';

/**
 * The community and people-picker lists: their rows carry up to two buttons (accept and decline, add),
 * so the name may narrow further than in the social lists before the buttons wrap under it.
 */
export function Rows(props: Omit<RowListProps, 'className'>) {
  return <RowList {...props} className={styles.withButtons} />;
}
