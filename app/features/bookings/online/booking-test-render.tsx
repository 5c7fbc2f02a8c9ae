import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createRoutesStub } from 'react-router';
import { expect } from 'vitest';

/** The booking steps' component tests' page: a step in a router, with what it asks for recorded. */

/**
 * A step on the booking page's address, in a router as on the site: what its GET forms ask for
 * (the loader's addresses) and what its post sends (the action's fields) are recorded.
 */
export async function renderStep(step: ReactNode) {
  const visits: URLSearchParams[] = [];
  const posts: Record<string, string>[] = [];
  const Stub = createRoutesStub([
    {
      path: '/book',
      Component: () => step,
      loader: ({ request }) => {
        visits.push(new URL(request.url).searchParams);
        return null;
      },
      action: async ({ request }) => {
        const form = await request.formData();
        posts.push(Object.fromEntries([...form].map(([key, value]) => [key, String(value)])));
        return null;
      },
    },
  ]);
  render(<Stub initialEntries={['/book']} />);
  // The route's loader runs before the step is shown.
  await waitFor(() => expect(document.querySelector('main, form, [role=status]')).not.toBeNull());
  return { visits, posts, user: userEvent.setup({ delay: null }) };
}

export const radioNamed = (name: RegExp | string) => screen.getByRole('radio', { name }) as HTMLInputElement;
