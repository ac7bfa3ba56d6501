import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ErrorBoundary } from '../../src/web/root.tsx';

function render(error: unknown): string {
  // The boundary's props come from the router; only `error` is read.
  const props = { error, params: {}, loaderData: undefined } as unknown as Parameters<typeof ErrorBoundary>[0];
  return renderToString(
    <MemoryRouter>
      <ErrorBoundary {...props} />
    </MemoryRouter>,
  );
}

describe('error screens', () => {
  // The header and footer around it come from root's Layout, as for every page (home.spec.ts checks the 404 page's).
  it('shows a crash as Unexpected Application Error! with the error text and the way home', () => {
    const html = render(new Error('the pot counter broke'));
    expect(html).toContain('Unexpected Application Error!');
    expect(html).toContain('the pot counter broke');
    expect(html).toContain('Back to the home page');
  });

  it('shows a router error response with its status and text', () => {
    // The shape React Router gives a route error response (e.g. a form posted to a route without an action).
    const html = render({ status: 405, statusText: 'Method Not Allowed', internal: true, data: null });
    expect(html).toContain('405');
    expect(html).toContain('Method Not Allowed');
    expect(html).not.toContain('Unexpected Application Error!');
  });
});
