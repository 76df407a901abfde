import styles from './Feeds.module.css';

/** The badge's colour for each comment urgency, none to high (docs/product/feeds-and-comments.md#urgency). */
export const URGENCY_CLASSES = [styles.urgency0, styles.urgency1, styles.urgency2, styles.urgency3];
