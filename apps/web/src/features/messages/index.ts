/** What other features may use of messages (docs/decisions/0059). */
export { ConversationView } from './ConversationView';
