import { useEffect, type ReactNode } from 'react';
import { createGlobalStyle, ThemeProvider } from 'styled-components';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { systemThemeChanged, THEME_STORAGE_KEY } from '../features/theme/themeSlice';
import { dark, light } from './palettes';

const GlobalStyle = createGlobalStyle`
  *, *::before, *::after { box-sizing: border-box; }
  html { color-scheme: ${(p) => p.theme.name}; }
  body {
    margin: 0;
    font-family: system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif;
    font-size: 15px;
    line-height: 1.5;
    background: ${(p) => p.theme.background};
    color: ${(p) => p.theme.text};
  }
  a { color: ${(p) => p.theme.primary}; }
  button, input, select, textarea { font: inherit; color: inherit; }
  h1, h2, h3 { line-height: 1.25; }
`;

/** Applies the theme (docs/product.md §4): palette, the dark marker on <html>, the stored choice, system changes. */
export function ThemeRoot({ children }: { children: ReactNode }) {
  const { mode, followsSystem } = useAppSelector((s) => s.theme);
  const dispatch = useAppDispatch();

  useEffect(() => {
    document.documentElement.classList.toggle('dark', mode === 'dark');
    document.documentElement.dataset.theme = mode;
    if (!followsSystem) localStorage.setItem(THEME_STORAGE_KEY, mode);
  }, [mode, followsSystem]);

  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia('(prefers-color-scheme: dark)');
    const onChange = (event: MediaQueryListEvent) => dispatch(systemThemeChanged(event.matches ? 'dark' : 'light'));
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, [dispatch]);

  return (
    <ThemeProvider theme={mode === 'dark' ? dark : light}>
      <GlobalStyle />
      {children}
    </ThemeProvider>
  );
}
