// What the rest of the app may use of the dashboard's Reminders section.
export { RemindersTab } from './reminders-tab.tsx';
