import { AddStaffForm } from './add-staff-form.tsx';
import { SecuritySettingsSection } from './security-settings.tsx';
import { StaffAccountList } from './staff-account-list.tsx';

/** The Staff section (owners): the accounts, adding one, and the sign-in rule for all of them. */
export function StaffTab() {
  return (
    <div className="grid min-w-0 gap-10">
      <StaffAccountList />
      <section aria-labelledby="add-staff" className="grid min-w-0 gap-3">
        <h2 id="add-staff" className="text-xl font-bold text-ink">
          Add a member of staff
        </h2>
        <AddStaffForm />
      </section>
      <SecuritySettingsSection />
    </div>
  );
}
