import { useState } from 'react';
import logoUrl from '../assets/logo.svg?url';
import placeholderUrl from '../assets/placeholder.svg?url';

/** The brand mark; falls back to a neutral placeholder image if it cannot be loaded. */
export function LogoImage({ className }: { className?: string }) {
  const [src, setSrc] = useState(logoUrl);
  return <img src={src} alt="" width={32} height={32} className={className} onError={() => setSrc(placeholderUrl)} />;
}

export function Brand({ subtitle = 'Administration' }: { subtitle?: string }) {
  return (
    <span className="flex items-center gap-2.5">
      <LogoImage className="h-8 w-8 shrink-0" />
      <span className="leading-tight">
        <span className="block text-sm font-semibold text-slate-900">Inner Circle</span>
        <span className="block text-xs text-slate-500">{subtitle}</span>
      </span>
    </span>
  );
}
