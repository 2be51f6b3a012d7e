import type { DetectedSelectors, SelectorDetection } from '@common/automation.ts';

/** The selectors a provider keeps; the login finds an identifier-first Continue button itself. */
export type SavedSelectorField = 'usernameSelector' | 'passwordSelector' | 'submitSelector';

export type CandidateGroup = {
  field: SavedSelectorField;
  /** The radio group's legend. */
  label: string;
  /** Best first, at most 3, exactly as the server gave them. */
  candidates: string[];
};

export type AnalysisStep = {
  /** "Step 1", "Step 2" for an identifier-first login; null for a one-page form. */
  title: string | null;
  description: string | null;
  groups: CandidateGroup[];
  /** Step 1's Continue button, shown for reference: it is found again on every login. */
  continueSelector: string | null;
};

const TOP_CANDIDATES = 3;

const top = (list: string[]) => list.slice(0, TOP_CANDIDATES);

function group(field: SavedSelectorField, selectors: DetectedSelectors): CandidateGroup {
  switch (field) {
    case 'usernameSelector':
      return { field, label: 'Username field', candidates: top(selectors.usernameSelectors) };
    case 'passwordSelector':
      return { field, label: 'Password field', candidates: top(selectors.passwordSelectors) };
    case 'submitSelector':
      return { field, label: 'Sign-in button', candidates: top(selectors.submitSelectors) };
  }
}

/** How the result is laid out: one form, or Step 1 (username, Continue) and Step 2. */
export function analysisSteps(detection: SelectorDetection): AnalysisStep[] {
  const { selectors } = detection;
  if (detection.loginFlow === 'identifier-first') {
    return [
      {
        title: 'Step 1',
        description: 'The username, then Continue.',
        groups: [group('usernameSelector', selectors)],
        continueSelector: selectors.continueSelectors[0] ?? null,
      },
      {
        title: 'Step 2',
        description: 'The password, then sign in.',
        groups: [group('passwordSelector', selectors), group('submitSelector', selectors)],
        continueSelector: null,
      },
    ];
  }
  return [
    {
      title: null,
      description: null,
      groups: [
        group('usernameSelector', selectors),
        group('passwordSelector', selectors),
        group('submitSelector', selectors),
      ],
      continueSelector: null,
    },
  ];
}

/** The chosen candidate per field; null where nothing was found. */
export type SelectorChoice = Record<SavedSelectorField, string | null>;

/** The best candidate of each field, as the choice starts out. */
export function bestChoice(detection: SelectorDetection): SelectorChoice {
  const { selectors } = detection;
  return {
    usernameSelector: selectors.usernameSelectors[0] ?? null,
    passwordSelector: selectors.passwordSelectors[0] ?? null,
    submitSelector: selectors.submitSelectors[0] ?? null,
  };
}

/**
 * The form's selector inputs after "Use these selectors": the chosen ones, while a field
 * nothing was found for keeps what the admin had typed.
 */
export function applyChoice<T extends Record<SavedSelectorField, string>>(
  values: T,
  choice: SelectorChoice,
): T {
  return {
    ...values,
    usernameSelector: choice.usernameSelector ?? values.usernameSelector,
    passwordSelector: choice.passwordSelector ?? values.passwordSelector,
    submitSelector: choice.submitSelector ?? values.submitSelector,
  };
}
