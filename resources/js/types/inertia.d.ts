import type { SharedProps } from '@shared/pages';

declare module '@inertiajs/core' {
  export interface InertiaConfig {
    sharedPageProps: Omit<SharedProps, 'errors'>;
    flashDataType: { success?: string | null; error?: string | null };
  }
}
