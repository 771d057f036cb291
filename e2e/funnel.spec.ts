// The funnel from the page to the counters (docs/operations.md, "The funnel"), at a phone's
// size against the built server and the provider stand-in: a full registration moves each
// counter by exactly what happened, in English and Spanish, on the own page and embedded (the
// board's data-source, as a link's utm_source); a visit abandoned on step 2 counts as left on
// step 2; a browser with Global Privacy Control sends nothing at all.
import { expect, type Frame, type Page } from '@playwright/test';
import { test } from './fixtures.ts';
import {
  type FunnelServer,
  LISTED_SOURCE,
  leftOnStep2Moved,
  moved,
  registrationMoved,
  sourcedBoardPage,
  startFunnelServer,
} from './funnel.ts';
import { formFrame, type Host, startHost } from './host-page.ts';

test.use({ viewport: { width: 360, height: 640 } });

const TEXTS = {
  en: {
    random: 'Fill with Random Data',
    next: 'Next Step',
    submit: 'Submit Registration',
    step2: 'Career Info',
    done: "You're registered",
  },
  es: {
    random: 'Completar con datos aleatorios',
    next: 'Siguiente paso',
    submit: 'Enviar registro',
    step2: 'Datos profesionales',
    done: 'Registro completado',
  },
} as const;

let funnel: FunnelServer;
let host: Host;
test.beforeAll(async ({ standIn }) => {
  host = await startHost();
  funnel = await startFunnelServer(standIn.url, { EMBED_ORIGINS: host.origin });
});
test.afterAll(async () => {
  await funnel?.stop();
  await host?.stop();
});

/** Steps 1 and 2 with random answers (and its sample resume), up to step 3. */
async function toStep3(form: Page | Frame, lang: 'en' | 'es') {
  const texts = TEXTS[lang];
  await form.getByRole('button', { name: texts.random }).click();
  await expect(form.getByRole('textbox').first()).not.toHaveValue('');
  await form.getByRole('button', { name: texts.next }).click();
  await expect(form.getByRole('heading', { level: 2, name: texts.step2 })).toBeVisible();
  await form.getByRole('button', { name: texts.next }).click();
  await expect(form.getByRole('button', { name: texts.submit })).toBeVisible();
}

/** The form on its own page with `?utm_source=`, or in a board's frame with `data-source`. */
async function openForm(page: Page, lang: 'en' | 'es', where: 'own' | 'embedded') {
  if (where === 'own') {
    await page.goto(`${funnel.server.url}/?lang=${lang}&utm_source=${LISTED_SOURCE}`);
    return page;
  }
  host.serve(sourcedBoardPage(funnel.server.url, lang, LISTED_SOURCE));
  // Not the own page: the fixture's goto would wait for it to hydrate.
  await page.goto(host.url, { waitUntil: 'commit' });
  return formFrame(page);
}

for (const lang of ['en', 'es'] as const) {
  for (const where of ['own', 'embedded'] as const) {
    test(`a full registration moves each funnel counter by exactly what happened (${lang}, ${where})`, async ({
      page,
    }) => {
      const before = await funnel.counts();
      const form = await openForm(page, lang, where);
      await toStep3(form, lang);
      await form.getByRole('button', { name: TEXTS[lang].submit }).click();
      await expect(form.getByRole('heading', { name: TEXTS[lang].done })).toBeVisible();
      if (where === 'embedded') {
        // The host hears the same source.
        await expect
          .poll(() => page.evaluate(() => (window as unknown as { heard: unknown[] }).heard))
          .toEqual([{ source: LISTED_SOURCE }]);
      }
      // Leaving sends what is queued at once (pagehide), rather than in 2 s: a registered visit
      // adds no `left`.
      await page.goto('about:blank', { waitUntil: 'commit' });
      const visit = {
        language: lang,
        page: where,
        device: 'phone',
        source: LISTED_SOURCE,
      } as const;
      await expect
        .poll(async () => moved(before, await funnel.counts()), { timeout: 10_000 })
        .toEqual(registrationMoved(visit));
    });
  }
}

test('a visit abandoned on step 2 counts as left on step 2', async ({ page }) => {
  const before = await funnel.counts();
  await page.goto(`${funnel.server.url}/`);
  await page.getByRole('button', { name: TEXTS.en.random }).click();
  await expect(page.getByRole('textbox').first()).not.toHaveValue('');
  await page.getByRole('button', { name: TEXTS.en.next }).click();
  await expect(page.getByRole('heading', { level: 2, name: TEXTS.en.step2 })).toBeVisible();
  await page.goto('about:blank', { waitUntil: 'commit' });
  await expect
    .poll(async () => moved(before, await funnel.counts()), { timeout: 10_000 })
    .toEqual(leftOnStep2Moved({ language: 'en', page: 'own', device: 'phone' }));
});

test('a browser with Global Privacy Control sends nothing, and nothing moves', async ({
  browser,
}) => {
  const context = await browser.newContext({
    viewport: { width: 360, height: 640 },
    extraHTTPHeaders: { 'Sec-GPC': '1' },
  });
  await context.addInitScript(() =>
    Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true }),
  );
  const sent: string[] = [];
  context.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/events') sent.push(request.url());
  });
  const before = await funnel.counts();
  const page = await context.newPage();
  await page.goto(`${funnel.server.url}/?utm_source=${LISTED_SOURCE}`);
  await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
  await page.getByRole('button', { name: TEXTS.en.random }).click();
  await expect(page.getByRole('textbox').first()).not.toHaveValue('');
  await page.getByRole('button', { name: TEXTS.en.next }).click();
  await expect(page.getByRole('heading', { level: 2, name: TEXTS.en.step2 })).toBeVisible();
  // Left on step 2: what would have been sent at once.
  await page.goto('about:blank');
  await context.close();
  expect(sent).toEqual([]);
  expect(moved(before, await funnel.counts())).toEqual({});
});

test('with FUNNEL=off the page sends nothing, and its notice does not say it counts', async ({
  page,
  standIn,
}) => {
  const off = await startFunnelServer(standIn.url, { FUNNEL: 'off' });
  try {
    const sent: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/events') sent.push(request.url());
    });
    await page.goto(`${off.server.url}/?utm_source=${LISTED_SOURCE}`);
    const notice = page.locator('p.data-notice');
    await expect(notice).toContainText('This device keeps your answers');
    await expect(notice).not.toContainText('We count', { useInnerText: true });
    await page.getByRole('button', { name: TEXTS.en.random }).click();
    await expect(page.getByRole('textbox').first()).not.toHaveValue('');
    await page.goto('about:blank', { waitUntil: 'commit' });
    expect(sent).toEqual([]);
    expect(await off.counts()).toEqual(new Map());
  } finally {
    await off.stop();
  }
});
