// What the rest of the app may use of this feature.
export { siteContentQueryKey } from './content-queries.ts';
export { ContentTab } from './content-tab.tsx';
// The document editor's fields, which the Settings tab's booking, invoicing and reminders
// sections are made of: a field at a path of the draft, its label and its message.
export { fieldLabel } from './content-errors.ts';
export { controlClass, FieldFrame, ListError, NumberField, TextField, useNumberInput } from './content-fields.tsx';
export {
  fieldId,
  insertItem,
  moveItem,
  pathKey,
  removeItem,
  setIn,
  getIn,
  type EditorAction,
  type FieldErrors,
  type Path,
} from './draft-state.ts';
export { EditorContext, useEditor } from './editor-context.ts';
export { AddButton, ItemControls } from './list-controls.tsx';
export { useOpenKeys } from './use-open-keys.ts';
export { usePublishedSiteContent } from './content-queries.ts';
