import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppFrame } from './app-frame';

describe('app frame', () => {
  it('offers a skip link as the first tab stop, which moves the focus to the page', () => {
    render(
      <RouterProvider
        router={createMemoryRouter(
          [
            {
              path: '/',
              element: <AppFrame menu={[]} home="/" title="Demo" actions={null} withLogout={false} />,
              children: [{ index: true, element: <h1>Employees</h1> }],
            },
          ],
          { initialEntries: ['/'] },
        )}
      />,
    );
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    // First in the document: before the menu button of the top bar.
    const menuButton = screen.getAllByRole('button')[0]!;
    expect(skip.compareDocumentPosition(menuButton) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    fireEvent.click(skip);
    expect(document.activeElement).toBe(screen.getByRole('main'));
    expect(screen.getByRole('main').textContent).toContain('Employees');
  });
});
