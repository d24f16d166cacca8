/** Types for subset-font 2 (the package ships none; @types/subset-font lags behind its options). */
declare module 'subset-font' {
  interface SubsetFontOptions {
    targetFormat?: 'sfnt' | 'woff' | 'woff2' | 'truetype';
    preserveNameIds?: number[];
    /** Layout features to keep (default: all). */
    keepFeatures?: string[];
    /** Pin an axis to a value or cut it to a range (variable fonts). */
    variationAxes?: Record<string, number | { min: number; max: number; default?: number }>;
    noLayoutClosure?: boolean;
    noHinting?: boolean;
  }
  export default function subsetFont(buffer: Buffer, text: string, options?: SubsetFontOptions): Promise<Buffer>;
}
