/** The Invite / Edit / Add Restricted Login User modal (people spec §2.6). Placeholder. */
export interface EmployeeFormModalProps {
  mode: 'invite' | 'edit' | 'restricted';
  /** The user to edit (mode 'edit'). */
  userId?: string | null;
  opened: boolean;
  onClose: () => void;
  /** Called after a successful save, so the list can refresh. */
  onSaved: () => void;
}

export function EmployeeFormModal(_props: EmployeeFormModalProps) {
  return null;
}
