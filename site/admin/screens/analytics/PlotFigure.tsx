/**
 * One Observable Plot chart (SVG) in a figure. The chart is an image with a one-sentence summary as its
 * accessible name; the exact figures are in the table the screen puts beneath it (docs/decisions/070).
 */
import { useEffect, useRef } from 'react';

export function PlotFigure({ build, summary }: { build: (width: number) => SVGSVGElement | HTMLElement; summary: string }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const draw = () => {
      const chart = build(Math.max(280, element.clientWidth));
      const svg = chart instanceof SVGSVGElement ? chart : chart.querySelector('svg');
      svg?.setAttribute('role', 'img');
      svg?.setAttribute('aria-label', summary);
      element.replaceChildren(chart);
    };
    draw();
    const observer = new ResizeObserver(() => draw());
    observer.observe(element);
    return () => observer.disconnect();
  }, [build, summary]);
  return <div ref={host} className="min-h-48 w-full overflow-hidden" />;
}
