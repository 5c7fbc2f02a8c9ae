import { createContext, useContext, type Dispatch } from 'react';
import { pathKey, type DraftEdit, type FieldErrors, type Path } from './draft.ts';

type EditorContextValue = {
  dispatch: Dispatch<DraftEdit>;
  /** What needs attention, by dotted key; the same object until the findings change. */
  errors: FieldErrors;
  /** The label of the field at a path, which the editor's list of problems uses too. */
  labelOf: (path: Path) => string;
};

const noErrors: FieldErrors = {};

export const EditorContext = createContext<EditorContextValue>({
  dispatch: () => {},
  errors: noErrors,
  labelOf: pathKey,
});

export const useEditor = () => useContext(EditorContext);

/** The first message for the field at `path`, if any. */
export function useFieldError(path: Path): string | undefined {
  return useEditor().errors[pathKey(path)]?.[0];
}
