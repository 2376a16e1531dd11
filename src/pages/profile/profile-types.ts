import type { ToastMessage } from '../../components/Toast';
import type { useProfileQuery } from '../../api/auth';

/** The signed-in pilot as the profile answer gives it. */
export type ProfileUser = NonNullable<ReturnType<typeof useProfileQuery>['data']>['user'];
/** How a section tells the page to show a toast. */
export type OnToast = (toast: ToastMessage) => void;
