export function Analytics() { return null; }
