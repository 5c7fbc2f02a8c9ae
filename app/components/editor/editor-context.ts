import { createContext, useContext, type Dispatch } from 'react';
import type { EditorAction, FieldErrors, Path } from './draft-state.ts';
import { pathKey } from './draft-state.ts';

export type EditorContextValue = {
  dispatch: Dispatch<EditorAction>;
  /** What needs attention, by dotted key; the same object until the findings change. */
  errors: FieldErrors;
};

const noErrors: FieldErrors = {};

export const EditorContext = createContext<EditorContextValue>({ dispatch: () => {}, errors: noErrors });

export const useEditor = () => useContext(EditorContext);

/** The first message for the field at `path`, if any. */
export function useFieldError(path: Path): string | undefined {
  return useEditor().errors[pathKey(path)]?.[0];
}
