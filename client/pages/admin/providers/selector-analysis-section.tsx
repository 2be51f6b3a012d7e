import {
  DetectSelectorsBody,
  type PreLoginStep,
  type SelectorDetection,
} from '@common/automation.ts';
import { Check, ScanSearch } from 'lucide-react';
import { useId, useState } from 'react';
import { BusyButton } from '@/components/busy-button.tsx';
import { Button } from '@/components/ui/button.tsx';
import { showError } from '@/lib/error-toast.ts';
import {
  type AnalysisStep,
  analysisSteps,
  bestChoice,
  type CandidateGroup,
  type SelectorChoice,
} from './selector-analysis.ts';
import { useDetectSelectors } from './use-login-tools.ts';

/**
 * Analyze: opens the login page on the server, shows the top 3
 * candidates per field (best first, the best chosen) and copies the chosen ones into the
 * selector inputs. Results belong to the URL analysed; changing the URL hides them.
 */
export function SelectorAnalysisSection({
  loginUrl,
  onUse,
}: {
  loginUrl: string;
  /** The chosen selectors, and the clicks detection made before the form showed. */
  onUse: (choice: SelectorChoice, preLoginSteps: PreLoginStep[]) => void;
}) {
  const id = useId();
  const detect = useDetectSelectors();
  const [result, setResult] = useState<{ url: string; detection: SelectorDetection } | null>(null);
  const [choice, setChoice] = useState<SelectorChoice | null>(null);
  const [used, setUsed] = useState(false);
  const url = loginUrl.trim();
  const shown = result && result.url === url && choice ? result : null;

  function analyze() {
    const checked = DetectSelectorsBody.safeParse({ loginUrl: url });
    if (!checked.success) {
      showError(checked.error.issues[0]?.message ?? 'Enter the login URL');
      return;
    }
    detect.mutate(checked.data.loginUrl, {
      onSuccess: (detection) => {
        setResult({ url, detection });
        setChoice(bestChoice(detection));
        setUsed(false);
      },
    });
  }

  function choose(field: keyof SelectorChoice, selector: string) {
    setChoice((current) => (current ? { ...current, [field]: selector } : current));
    setUsed(false);
  }

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="grid gap-3 rounded-lg border border-slate-200 p-4"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1 basis-56">
          <h3 id={`${id}-title`} className="font-medium text-slate-800 text-sm">
            Detect login selectors
          </h3>
          <p className="text-slate-500 text-xs">
            Opens the login page and finds its username and password fields and sign-in button. This
            can take several seconds.
          </p>
        </div>
        <BusyButton
          type="button"
          variant="outline"
          size="sm"
          onClick={analyze}
          icon={<ScanSearch aria-hidden="true" />}
          busy={detect.isPending}
          busyLabel="Analyzing..."
        >
          Analyze
        </BusyButton>
      </div>

      {shown && choice ? (
        <div className="grid gap-4">
          <p role="status" className="text-slate-700 text-sm">
            {shown.detection.message}
          </p>
          {analysisSteps(shown.detection).map((step) => (
            <StepResults
              key={step.title ?? 'form'}
              step={step}
              name={id}
              choice={choice}
              onChoose={choose}
            />
          ))}
          <div className="flex flex-wrap items-center gap-3">
            <Button
              type="button"
              size="sm"
              onClick={() => {
                onUse(choice, shown.detection.preLoginSteps ?? []);
                setUsed(true);
              }}
            >
              Use these selectors
            </Button>
            {used ? (
              <p role="status" className="flex items-center gap-1.5 text-emerald-700 text-xs">
                <Check className="size-4" aria-hidden="true" />
                Filled in below. Save to keep them.
              </p>
            ) : null}
          </div>
        </div>
      ) : null}
    </section>
  );
}

function StepResults({
  step,
  name,
  choice,
  onChoose,
}: {
  step: AnalysisStep;
  name: string;
  choice: SelectorChoice;
  onChoose: (field: keyof SelectorChoice, selector: string) => void;
}) {
  const groups = (
    <div className="grid gap-3 sm:grid-cols-[repeat(auto-fit,minmax(11rem,1fr))]">
      {step.groups.map((group) => (
        <CandidateRadios
          key={group.field}
          group={group}
          name={`${name}-${group.field}`}
          chosen={choice[group.field]}
          onChoose={(selector) => onChoose(group.field, selector)}
        />
      ))}
    </div>
  );
  if (!step.title) return groups;
  return (
    <section aria-label={step.title} className="grid gap-2 rounded-md bg-slate-50 p-3">
      <h4 className="font-medium text-slate-800 text-sm">
        {step.title}: <span className="font-normal text-slate-600">{step.description}</span>
      </h4>
      {groups}
      {step.continueSelector ? (
        <p className="text-slate-600 text-xs">
          Continue button:{' '}
          <code className="break-all font-mono text-slate-800">{step.continueSelector}</code> (found
          again at each login, not saved)
        </p>
      ) : null}
    </section>
  );
}

function CandidateRadios({
  group,
  name,
  chosen,
  onChoose,
}: {
  group: CandidateGroup;
  name: string;
  chosen: string | null;
  onChoose: (selector: string) => void;
}) {
  return (
    <fieldset className="grid min-w-0 content-start gap-1.5">
      <legend className="mb-1.5 font-medium text-slate-700 text-xs">{group.label}</legend>
      {group.candidates.length === 0 ? (
        <p className="text-slate-500 text-xs">Nothing found; the current value is kept.</p>
      ) : (
        group.candidates.map((selector, index) => (
          <label
            key={selector}
            className="flex cursor-pointer items-start gap-2 rounded-md border border-slate-200 bg-white px-2.5 py-2 has-checked:border-blue-500 has-checked:bg-blue-50"
          >
            <input
              type="radio"
              name={name}
              value={selector}
              checked={chosen === selector}
              onChange={() => onChoose(selector)}
              className="mt-0.5 size-4 shrink-0 accent-blue-600"
            />
            <span className="min-w-0 break-all font-mono text-slate-900 text-xs">{selector}</span>
            {index === 0 ? (
              <span className="ml-auto shrink-0 rounded-full bg-emerald-100 px-1.5 font-medium text-[0.65rem] text-emerald-800">
                Best
              </span>
            ) : null}
          </label>
        ))
      )}
    </fieldset>
  );
}
