// What the staff's side of the app may use of the texts to customers.
export {
  useMarkRepliesRead,
  useMessagesStatus,
  useTextThread,
  useUnreadReplies,
} from './messages-queries.ts';
export { deliveryText, TextThread } from './text-thread.tsx';
export { TextsDisclosure } from './texts-disclosure.tsx';
export { TextsFromCustomers, UnreadTextsCount } from './texts-from-customers.tsx';
