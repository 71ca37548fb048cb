import type { TierRule, TierSettings } from './tier-rules.js';

/** A tier as the write path and the service read it. */
export interface TierDefinition extends TierRule {
  title: Record<string, string>;
  benefits: Record<string, string>;
}

/** A project's tiers (by threshold, ascending) and its tier settings, as the write path reads them. */
export interface TierConfig {
  tiers: TierDefinition[];
  settings: TierSettings;
  /** The currency whose earnings decide tiers (the project's tierCurrency, default `points`; decision 298). */
  currency: string;
}
