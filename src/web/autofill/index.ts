// "Start with your resume" (docs/autofill.md): the button is all the first page holds; it loads the
// reading, the filling and the attaching (autofill.ts) once a file is chosen.
export { ResumeButton } from './ResumeButton.tsx';
