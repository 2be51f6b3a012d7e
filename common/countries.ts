/**
 * The countries whose utilities the service reads, and the time zones their files are written in.
 * A utility's interval export gives local clock times; reading them in the wrong zone shifts every
 * peak and misplaces daylight-saving days, so a utility abroad names its zone. A US utility's
 * zone follows its state unless an admin names another (a state split between two zones).
 */
export const COUNTRIES = {
  US: {
    name: 'United States',
    zones: [
      'America/New_York',
      'America/Chicago',
      'America/Denver',
      'America/Phoenix',
      'America/Los_Angeles',
      'America/Anchorage',
      'Pacific/Honolulu',
      'America/Indiana/Indianapolis',
      'America/Detroit',
      'America/Boise',
      'America/Kentucky/Louisville',
    ],
    regionLabel: 'State',
  },
  CA: {
    name: 'Canada',
    zones: [
      'America/Toronto',
      'America/Vancouver',
      'America/Edmonton',
      'America/Winnipeg',
      'America/Regina',
      'America/Halifax',
      'America/St_Johns',
      'America/Moncton',
      'America/Whitehorse',
    ],
    regionLabel: 'Province or territory',
  },
  GB: { name: 'United Kingdom', zones: ['Europe/London'], regionLabel: 'Nation or region' },
  IE: { name: 'Ireland', zones: ['Europe/Dublin'], regionLabel: 'County or region' },
  AU: {
    name: 'Australia',
    zones: [
      'Australia/Sydney',
      'Australia/Melbourne',
      'Australia/Brisbane',
      'Australia/Adelaide',
      'Australia/Perth',
      'Australia/Hobart',
      'Australia/Darwin',
    ],
    regionLabel: 'State or territory',
  },
  NZ: { name: 'New Zealand', zones: ['Pacific/Auckland'], regionLabel: 'Region' },
} as const;

export type CountryCode = keyof typeof COUNTRIES;
export const COUNTRY_CODES = Object.keys(COUNTRIES) as [CountryCode, ...CountryCode[]];

/** "Ontario, Canada" for a utility abroad; "California" for a US one, as the product always said. */
export function providerPlace(provider: { state: string; country?: string | null }): string {
  const country = provider.country ?? 'US';
  if (country === 'US') return provider.state;
  const name = COUNTRIES[country as CountryCode]?.name ?? country;
  return provider.state.trim() ? `${provider.state}, ${name}` : name;
}
