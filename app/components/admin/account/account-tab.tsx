/** The My account section: built on its own branch; this stands in for it until then. */
export function AccountTab() {
  return null;
}
