import { ToastContainer } from 'react-toastify';
import { DEFAULT_DURATION_MS, MAX_TOASTS } from '@/lib/toasts';

/** One container for the whole app: top right, newest on top, at most 20, swipe to dismiss at 60 %. */
export function Toasts() {
  return (
    <ToastContainer
      position="top-right"
      autoClose={DEFAULT_DURATION_MS}
      limit={MAX_TOASTS}
      newestOnTop
      closeOnClick={false}
      draggable
      draggablePercent={60}
      pauseOnHover
      pauseOnFocusLoss
      theme="colored"
      hideProgressBar={false}
      className="app-toasts"
    />
  );
}
