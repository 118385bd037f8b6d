import type { Site } from '@atrium/contract/sites';
import type { Config } from '../config.ts';

/**
 * The address links to a site use (mails, iCal feeds, OAuth redirects): PUBLIC_URL (or localhost on
 * PORT) with its host name swapped for the site's first host, keeping scheme and port, so one setting
 * serves every site. A site without hosts (the default one, usually) is at PUBLIC_URL itself.
 */
export function siteAddressFor(
  config: Pick<Config, 'PUBLIC_URL' | 'PORT'>,
): (site: Pick<Site, 'hosts'>) => string {
  const base = new URL(config.PUBLIC_URL ?? `http://localhost:${config.PORT}`);
  const plain = base.toString().replace(/\/+$/, '');
  return (site) => {
    const host = site.hosts[0];
    if (!host) return plain;
    const url = new URL(base.toString());
    url.hostname = host;
    return url.toString().replace(/\/+$/, '');
  };
}

/**
 * Like `siteAddressFor`, for links that were relative without PUBLIC_URL (service and checkout pages):
 * still relative ('') when neither PUBLIC_URL nor a host name of the site says where the site is.
 */
export function pageOriginFor(publicUrl: string | undefined): (site: Pick<Site, 'hosts'>) => string {
  const addressOf = siteAddressFor({ PUBLIC_URL: publicUrl ?? 'https://localhost', PORT: 0 });
  return (site) => (publicUrl || site.hosts.length > 0 ? addressOf(site) : '');
}

/** The host name a request was sent to, lower case and without the port. */
export function requestHostName(host: string | undefined): string {
  if (!host) return '';
  const name = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.replace(/:\d+$/, '');
  return name.trim().toLowerCase().replace(/\.$/, '');
}
