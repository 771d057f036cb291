// The page's language in the unit suites: English, as the browser's boot activates it from the
// page's catalogue (src/web/i18n.ts) before anything renders. The server activates none.
import { i18n } from '@lingui/core';
import { messages } from '../../src/locales/en/messages.ts';

i18n.loadAndActivate({ locale: 'en', messages });
