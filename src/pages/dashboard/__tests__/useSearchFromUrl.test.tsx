import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router-dom';
import { providerFuture } from '../../../app/router';
import { SEARCH_DEBOUNCE_MS, useSearchFromUrl } from '../useSearchFromUrl';

function renderSearch(initial = '/dashboard') {
  const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={[initial]} future={{ ...providerFuture, v7_relativeSplatPath: true }}>{children}</MemoryRouter>;
  return renderHook(() => ({ ...useSearchFromUrl(), location: useLocation(), navigate: useNavigate() }), { wrapper });
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

test('a letter typed while the address catches up with the pause before it is kept', () => {
  const { result } = renderSearch();
  act(() => result.current.type('the'));
  // The pause ends (the address takes "the") and, before the page shows it, the pilot types on: a slow phone.
  act(() => {
    jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS);
    result.current.type('ther');
  });
  expect(result.current.text).toBe('ther');
  act(() => result.current.type('thermik'));
  act(() => jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
  expect(result.current.text).toBe('thermik');
  expect(result.current.location.search).toBe('?q=thermik');
});

test('the field follows the address when the address changes from elsewhere (a link, back)', () => {
  const { result } = renderSearch('/dashboard?q=Rush');
  expect(result.current.text).toBe('Rush');
  act(() => result.current.type('Rush 5'));
  act(() => jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
  expect(result.current.location.search).toBe('?q=Rush+5');
  act(() => result.current.navigate('/dashboard?q=Zeno'));
  expect(result.current.text).toBe('Zeno');
  act(() => result.current.navigate(-1));
  expect(result.current.text).toBe('Rush 5');
  act(() => result.current.clear());
  expect(result.current.text).toBe('');
  expect(result.current.location.search).toBe('');
});
