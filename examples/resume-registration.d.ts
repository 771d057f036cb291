// The events embed.js dispatches on a [data-resume-registration] element (they bubble to the
// document), and its one global: copy this file into a board's TypeScript project.
interface ResumeRegistrationEvents {
  // `source`: the source label, when the embed named a source or campaign (docs/embedding.md).
  'resume-registration:ready': CustomEvent<{ source?: string }>;
  'resume-registration:height': CustomEvent<{ height: number; source?: string }>;
  'resume-registration:step': CustomEvent<{
    step: 1 | 2 | 3;
    name: 'Personal Info' | 'Career Info' | 'Resume';
    source?: string;
  }>;
  'resume-registration:registered': CustomEvent<{ source?: string }>;
  'resume-registration:queued': CustomEvent<{ source?: string }>;
  'resume-registration:failed': CustomEvent<{ status: number | null; source?: string }>;
}
declare global {
  interface DocumentEventMap extends ResumeRegistrationEvents {}
  interface HTMLElementEventMap extends ResumeRegistrationEvents {}
  interface Window {
    ResumeRegistration?: {
      /** The origin the form comes from. */
      origin: string;
      /** Puts the form in `element` (once; again only after `unmount`). */
      mount(
        element: HTMLElement,
        options?: { brandColor?: string; lang?: string; source?: string; campaign?: string },
      ): void;
      /** Takes the form out of `element`; nothing more is dispatched on it. */
      unmount(element: HTMLElement): void;
    };
  }
}

export {};
