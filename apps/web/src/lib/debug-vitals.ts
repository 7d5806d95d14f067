// The performance and debug aid of docs/product/README.md: Core Web Vitals in the console. main.tsx imports
// this module lazily, only on hosts where isDebugHost() is true, so customers never load it.
import { onCLS, onFCP, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';

function report(metric: Metric): void {
  console.info(
    `[web-vitals] ${metric.name}`,
    Math.round(metric.value * 1000) / 1000,
    metric.rating,
  );
}

export function startDebugVitals(): void {
  onCLS(report);
  onFCP(report);
  onINP(report);
  onLCP(report);
  onTTFB(report);
}
