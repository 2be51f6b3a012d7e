const STEPS = [
  {
    title: 'Share your link',
    text: 'Every account comes with its own customer form link. Send it to your customer.',
  },
  {
    title: 'Your customer connects',
    text: 'They enter their contact details and utility account login in a secure form.',
  },
  {
    title: 'Get the report',
    text: 'Request the report: statements, interval data, usage and cost, by email and download.',
  },
];

export function HowItWorksSection() {
  return (
    <section id="how-it-works" className="scroll-mt-16 bg-white py-16 md:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <h2 className="text-center font-bold text-3xl text-slate-900 tracking-tight">
          How it works
        </h2>
        <ol className="mt-12 grid gap-8 md:grid-cols-3">
          {STEPS.map((step, index) => (
            <li key={step.title} className="flex gap-4">
              <span
                aria-hidden="true"
                className="flex size-10 shrink-0 items-center justify-center rounded-full bg-blue-600 font-bold text-white"
              >
                {index + 1}
              </span>
              <div>
                <h3 className="font-semibold text-lg text-slate-900">{step.title}</h3>
                <p className="mt-1 text-slate-600">{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
