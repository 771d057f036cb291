// The events embed.js dispatches on a [data-resume-registration] element (they bubble to the
// document), and its one global: copy this file into a board's TypeScript project.
interface ResumeRegistrationEvents {
  'resume-registration:ready': CustomEvent<Record<string, never>>;
  'resume-registration:height': CustomEvent<{ height: number }>;
  'resume-registration:step': CustomEvent<{
    step: 1 | 2 | 3;
    name: 'Personal Info' | 'Career Info' | 'Resume';
  }>;
  'resume-registration:registered': CustomEvent<Record<string, never>>;
  'resume-registration:queued': CustomEvent<Record<string, never>>;
  'resume-registration:failed': CustomEvent<{ status: number | null }>;
}

declare global {
  interface DocumentEventMap extends ResumeRegistrationEvents {}
  interface HTMLElementEventMap extends ResumeRegistrationEvents {}
  interface Window {
    ResumeRegistration?: {
      /** The origin the form comes from. */
      origin: string;
      /** Puts the form in `element` (once; again only after `unmount`). */
      mount(element: HTMLElement, options?: { brandColor?: string; lang?: string }): void;
      /** Takes the form out of `element`; nothing more is dispatched on it. */
      unmount(element: HTMLElement): void;
    };
  }
}

export {};
