// Which requests may upload: the site's own pages and the origins CORS_ORIGINS lists, and clients
// that are no browser; never another site's page (docs/api.md).

/** The request headers the check reads. */
export interface UploadOriginHeaders {
  origin?: string | string[] | undefined;
  host?: string | undefined;
  'sec-fetch-site'?: string | string[] | undefined;
}

/** The one value of a header sent once; undefined when absent, null when sent more than once. */
function single(value: string | string[] | undefined): string | undefined | null {
  if (Array.isArray(value)) return value.length === 1 ? value[0] : null;
  return value;
}

/** `scheme://host[:port]` of an http(s) origin as the URL parser writes it, else null. */
function normalOrigin(value: string): string | null {
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.origin;
  } catch {
    return null;
  }
}

/**
 * True when an upload comes from another site's page: its `Origin` is neither this site's (the
 * `allowed` origins, PUBLIC_BASE_URL's among them, or the `Host` it was asked on, over http or
 * https) nor one of `allowed`, or the browser says `Sec-Fetch-Site: cross-site` of an origin
 * not in `allowed`. A request with neither header (curl, a board's own server) is not.
 */
export function isCrossSiteUpload(
  headers: UploadOriginHeaders,
  allowed: readonly string[],
): boolean {
  const origin = single(headers.origin);
  const fetchSite = single(headers['sec-fetch-site']);
  if (origin === null || fetchSite === null) return true;
  if (origin === undefined) return fetchSite?.toLowerCase() === 'cross-site';
  const normal = normalOrigin(origin);
  // The origin exactly as a browser writes it: no path, no trailing slash, lower case.
  if (normal === null || normal !== origin) return true;
  if (allowed.includes(normal)) return false;
  if (fetchSite?.toLowerCase() === 'cross-site') return true;
  const host = headers.host;
  return (
    host === undefined ||
    normalOrigin(`http://${host}`) === null ||
    new URL(normal).host !== host.toLowerCase()
  );
}
