// Loaded lazily (through interval-charts.tsx): uPlot and its styles live only in that chunk.
import 'uplot/dist/uPlot.min.css';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';

/** A uPlot chart as wide as its container, redrawn when the options or data change. */
export function UPlotChart({
  options,
  data,
  height,
}: {
  options: Omit<uPlot.Options, 'width' | 'height'>;
  data: uPlot.AlignedData;
  height: number;
}) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const width = () => Math.max(240, Math.floor(element.clientWidth));
    const chart = new uPlot({ ...options, width: width(), height }, data, element);
    const observer = new ResizeObserver(() => chart.setSize({ width: width(), height }));
    observer.observe(element);
    return () => {
      observer.disconnect();
      chart.destroy();
    };
  }, [options, data, height]);
  return <div ref={container} className="w-full min-w-0" />;
}
