import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type ThemeMode = 'light' | 'dark';
export const THEME_STORAGE_KEY = 'theme';

export interface ThemeState {
  mode: ThemeMode;
  /** True until the pilot picks a theme: then the system preference and its changes decide. */
  followsSystem: boolean;
}

function storedTheme(): ThemeMode | null {
  try {
    const value = localStorage.getItem(THEME_STORAGE_KEY);
    return value === 'dark' || value === 'light' ? value : null;
  } catch {
    return null;
  }
}

export function systemPrefersDark(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches;
}

/** docs/product.md §4 Theme: the stored choice, else the system preference. */
export function initialTheme(): ThemeState {
  const stored = storedTheme();
  return stored ? { mode: stored, followsSystem: false } : { mode: systemPrefersDark() ? 'dark' : 'light', followsSystem: true };
}

export const themeSlice = createSlice({
  name: 'theme',
  initialState: initialTheme,
  reducers: {
    themeToggled: (state) => ({ mode: state.mode === 'dark' ? 'light' : 'dark', followsSystem: false }),
    systemThemeChanged: (state, { payload }: PayloadAction<ThemeMode>) => (state.followsSystem ? { mode: payload, followsSystem: true } : state),
  },
});

export const { themeToggled, systemThemeChanged } = themeSlice.actions;
