// A whole registration with an uploaded resume, at a phone's size, in each engine (Firefox,
// WebKit, and Chromium as the control): the provider receives the exact sanitised record and
// the resume's URL serves the very bytes that were chosen.
import { readFile } from 'node:fs/promises';
import { REGISTRATION_TOASTS } from '../../src/shared/messages.ts';
import { REGISTER_PATH } from '../../test/helpers/provider-stand-in.mjs';
import { BASIC_AUTH } from '../built-server.ts';
import { CAREER_EXAMPLE, personalExample, providerBody, RESUME_PDF } from '../form.ts';
import { expect, expectStep, openForm, test } from './fixtures.ts';

test('a candidate registers with an uploaded resume at a phone’s size', async ({
  session,
  server,
  standIn,
}) => {
  await openForm(session, `${server.url}/`);
  expect(
    await session.evaluate(() => ({
      title: document.title,
      narrow: window.innerWidth < 768,
      scrollsSideways: document.documentElement.scrollWidth > window.innerWidth,
    })),
  ).toEqual({ title: 'Resume Library Registration', narrow: true, scrollsSideways: false });

  const personal = personalExample();
  await session.fill('First Name', personal.first);
  await session.fill('Last Name', personal.last);
  await session.fill('Email', personal.email);
  await session.fill('Password', personal.password);
  await session.fill('Phone', personal.phone);
  await session.fill('Zip Code', personal.zip);
  await session.fill('Home Town', personal.town);
  await session.click('button', 'Next Step');
  await expectStep(session, 'Career Info');

  const career = CAREER_EXAMPLE;
  await session.fill('Desired Job Title', career.desired);
  await session.fill('Latest Job Title', career.latest);
  for (const type of career.jobTypes) await session.click('checkbox', type);
  await session.fill('Minimum Salary', String(career.salaryMin));
  await session.fill('Maximum Salary', String(career.salaryMax));
  await session.select('Education Level', career.education);
  await session.select('Work Experience', career.experience);
  await session.fill('Key Skills', career.skills);
  await session.fill('Travel Radius (miles)', String(career.radius));
  await session.select('Eligibility Status', career.eligibility);
  // Both switches start on: Willing to Relocate stays on, Has Driving License goes off.
  await session.click('switch', 'Has Driving License');
  expect(
    await session.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLInputElement>('[role="switch"]'), (control) => [
        control.labels?.[0]?.textContent,
        control.getAttribute('aria-checked'),
        control.checked,
      ]),
    ),
  ).toEqual([
    ['Willing to Relocate', 'true', true],
    ['Has Driving License', 'false', false],
  ]);
  // The step list, not Next Step: Next Step on Career Info also submits the form, which would
  // show a "no resume" summary on the Resume step (e2e/form.ts, nextToResume).
  await session.click('button', 'Resume');
  await expectStep(session, 'Resume');

  await session.click('tab', 'Upload File');
  await session.upload('Resume file', RESUME_PDF);
  await expect
    .poll(
      () =>
        session.evaluate(
          () =>
            Array.from(document.querySelectorAll('p, div, span')).find(
              (element) =>
                element.textContent?.replace(/\s+/g, ' ').trim() === 'Resume added: resume.pdf',
            ) !== undefined,
        ),
      { message: 'the line "Resume added: resume.pdf" shows', timeout: 10_000 },
    )
    .toBe(true);

  await session.click('button', 'Submit Registration');
  await expect
    .poll(
      () =>
        session.evaluate(() =>
          Array.from(
            document.querySelectorAll('section[aria-label="Notifications alt+T"] li.toast'),
            (toast) => ({
              type: toast.getAttribute('data-type'),
              text: toast.textContent?.replace(/\s+/g, ' ').trim(),
            }),
          ),
        ),
      { message: 'the success toast shows', timeout: 10_000 },
    )
    .toContainEqual({ type: 'success', text: REGISTRATION_TOASTS.success });
  expect(REGISTRATION_TOASTS.success).toBe(
    'Registration Successful! You can now log in to Resume Library with your email and password.',
  );

  expect(standIn.requests).toHaveLength(1);
  const [received] = standIn.requests;
  expect(received?.path).toBe(REGISTER_PATH);
  expect(received?.headers.authorization).toBe(BASIC_AUTH);
  expect(received?.body).toEqual(
    providerBody(personal, career, {
      resume_url: expect.stringMatching(
        new RegExp(`^http://localhost:${server.port}/candidate/resumes/[0-9a-f]{32}\\.pdf$`),
      ),
      uploaded_resume: null,
    }),
  );

  // The provider fetches the resume at that URL: the bytes the candidate chose.
  const resumeUrl = String((received?.body as { resume_url?: unknown } | undefined)?.resume_url);
  const fetched = await fetch(resumeUrl.replace('//localhost:', '//127.0.0.1:'), {
    signal: AbortSignal.timeout(5_000),
  });
  expect(fetched.status).toBe(200);
  expect(fetched.headers.get('content-type')).toBe('application/pdf');
  expect(Buffer.from(await fetched.arrayBuffer()).equals(await readFile(RESUME_PDF))).toBe(true);
});
