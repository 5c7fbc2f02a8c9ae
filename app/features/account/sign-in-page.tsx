import { StaffCardPage } from '#app/features/staff/index.ts';
import { LoginForm } from './login-form.tsx';

/** The page's title, also the form's name: owners, office staff and fitters all sign in here. */
export const signInTitle = 'Sign in';

/** /auth: one sign-in for everyone who works for the business, whatever their role. */
export function SignInPage() {
  return (
    <StaffCardPage
      title={signInTitle}
      lead="For the business’s team: owners and the office go on to the dashboard, fitters to their jobs."
      width="narrow"
      after={
        <p className="mt-6 text-center text-sm">
          <a href="/" className="font-semibold text-brand-dark underline-offset-4 hover:underline">
            Back to the website
          </a>
        </p>
      }
    >
      <LoginForm />
    </StaffCardPage>
  );
}
