import type { ProviderInput } from '../../common/providers.ts';

/**
 * A starter catalogue of large US electric utilities and their customer portals. Portals move:
 * the admin's Analyze button re-detects the login form, and URLs can be edited at any time.
 */
export const STARTER_PROVIDERS: ProviderInput[] = [
  {
    name: 'Pacific Gas and Electric (PG&E)',
    state: 'California',
    url: 'https://www.pge.com',
    loginUrl: 'https://m.pge.com/',
  },
  {
    name: 'Southern California Edison (SCE)',
    state: 'California',
    url: 'https://www.sce.com',
    loginUrl: 'https://www.sce.com/mysce/login',
  },
  {
    name: 'San Diego Gas & Electric (SDG&E)',
    state: 'California',
    url: 'https://www.sdge.com',
    loginUrl: 'https://myaccount.sdge.com/',
  },
  {
    name: 'Consolidated Edison (Con Edison)',
    state: 'New York',
    url: 'https://www.coned.com',
    loginUrl: 'https://www.coned.com/en/login',
  },
  {
    name: 'Duke Energy',
    state: 'North Carolina',
    url: 'https://www.duke-energy.com',
    loginUrl: 'https://www.duke-energy.com/sign-in',
  },
  {
    name: 'Florida Power & Light (FPL)',
    state: 'Florida',
    url: 'https://www.fpl.com',
    loginUrl: 'https://www.fpl.com/my-account/login.html',
  },
  {
    name: 'Georgia Power',
    state: 'Georgia',
    url: 'https://www.georgiapower.com',
    loginUrl: 'https://customerservice2.southerncompany.com/Login',
  },
  {
    name: 'Commonwealth Edison (ComEd)',
    state: 'Illinois',
    url: 'https://www.comed.com',
    loginUrl: 'https://secure.comed.com/accounts/login',
  },
  {
    name: 'Dominion Energy Virginia',
    state: 'Virginia',
    url: 'https://www.dominionenergy.com',
    loginUrl: 'https://login.dominionenergy.com/CommonLogin?SelectedAppName=Electric',
  },
  {
    name: 'Xcel Energy',
    state: 'Minnesota',
    url: 'https://www.xcelenergy.com',
    loginUrl: 'https://my.xcelenergy.com/MyAccount/XE_Login',
  },
  {
    name: 'Arizona Public Service (APS)',
    state: 'Arizona',
    url: 'https://www.aps.com',
    loginUrl: 'https://www.aps.com/en/Authorization/Login',
  },
  {
    name: 'Salt River Project (SRP)',
    state: 'Arizona',
    url: 'https://www.srpnet.com',
    loginUrl: 'https://myaccount.srpnet.com/power/login',
  },
  {
    name: 'PSE&G',
    state: 'New Jersey',
    url: 'https://nj.pseg.com',
    loginUrl: 'https://nj.pseg.com/',
  },
  {
    name: 'National Grid',
    state: 'Massachusetts',
    url: 'https://www.nationalgridus.com',
    loginUrl: 'https://login.nationalgrid.com/',
  },
  {
    name: 'Eversource',
    state: 'Connecticut',
    url: 'https://www.eversource.com',
    loginUrl: 'https://www.eversource.com/security/account/login',
  },
  {
    name: 'DTE Energy',
    state: 'Michigan',
    url: 'https://www.dteenergy.com',
    loginUrl: 'https://www.dteenergy.com/',
  },
  {
    name: 'Consumers Energy',
    state: 'Michigan',
    url: 'https://www.consumersenergy.com',
    loginUrl: 'https://www.consumersenergy.com/login',
  },
  {
    name: 'Ameren Missouri',
    state: 'Missouri',
    url: 'https://www.ameren.com',
    loginUrl: 'https://www.ameren.com/account/login',
  },
  {
    name: 'Entergy Louisiana',
    state: 'Louisiana',
    url: 'https://www.entergy.com',
    loginUrl: 'https://myentergy.entergy.com/',
  },
  {
    name: 'Puget Sound Energy (PSE)',
    state: 'Washington',
    url: 'https://www.pse.com',
    loginUrl: 'https://www.pse.com/en/login',
  },
  {
    name: 'Portland General Electric (PGE)',
    state: 'Oregon',
    url: 'https://portlandgeneral.com',
    loginUrl: 'https://portlandgeneral.com/auth/sign-in',
  },
  {
    name: 'TXU Energy',
    state: 'Texas',
    url: 'https://www.txu.com',
    loginUrl: 'https://www.txu.com/en/my-account/login',
  },
  {
    name: 'Ohio Edison (FirstEnergy)',
    state: 'Ohio',
    url: 'https://www.firstenergycorp.com',
    loginUrl: 'https://www.firstenergycorp.com/log_in.html',
  },
  {
    name: 'PECO',
    state: 'Pennsylvania',
    url: 'https://www.peco.com',
    loginUrl: 'https://secure.peco.com/accounts/login',
  },
  {
    name: 'Baltimore Gas and Electric (BGE)',
    state: 'Maryland',
    url: 'https://www.bge.com',
    loginUrl: 'https://secure.bge.com/accounts/login',
  },
];
