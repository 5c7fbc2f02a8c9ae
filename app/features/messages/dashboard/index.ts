// What the staff's side of the app may use of the texts to customers.
export {
  useMarkRepliesRead,
  useMessagesStatus,
  useTextThread,
  useUnreadReplies,
} from './messages-queries.ts';
export { deliveryText, TextThread } from './text-thread.tsx';
export { TextsFromCustomers } from './texts-from-customers.tsx';
