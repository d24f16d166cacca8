/**
 * One Observable Plot chart (SVG, with its legend when it has one). The whole chart is one image whose
 * accessible name is a one-sentence summary; the exact figures are in the table the screen puts beneath
 * it (docs/decisions/070-analytics-chart-library.md).
 */
import { useEffect, useRef } from 'react';

export function PlotFigure({ build, summary }: { build: (width: number) => SVGSVGElement | HTMLElement; summary: string }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const draw = () => {
      const chart = build(Math.max(280, element.clientWidth));
      // Plot names its mark groups ("bar", "rule") with aria-label; inside an image they mean nothing,
      // and on a <g> without a role axe reports them (aria-prohibited-attr).
      for (const node of [chart, ...chart.querySelectorAll('[aria-label], [aria-description]')]) {
        node.removeAttribute('aria-label');
        node.removeAttribute('aria-description');
      }
      element.replaceChildren(chart);
    };
    draw();
    const observer = new ResizeObserver(() => draw());
    observer.observe(element);
    return () => observer.disconnect();
  }, [build]);
  return <div ref={host} role="img" aria-label={summary} className="min-h-48 w-full overflow-hidden" />;
}
