// What the staff's side of the app may use of the texts to customers.
export {
  useMarkRepliesRead,
  useMessagesStatus,
  useTextThread,
  useUnreadReplies,
} from './messages-queries.ts';
