/** What other features use of the analytics: a chart with its table beneath (the sequences' figures per step). */
export { ChartCard, num } from './ChartCard.tsx';
export { PlotFigure } from './PlotFigure.tsx';
export { countScale, style } from './charts.ts';
