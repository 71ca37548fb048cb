/** What other modules may use of events: the rest of the folder is its own. */
export { conditionsHold } from './conditions.js';
export { eventsParticipant } from './events-batch.js';
export type { EventUnit } from './events-batch.js';
export type { StoredPageQuery } from './events.repository.js';
export { eventsRoutes } from './events.routes.js';
export { Conditions } from './events.schemas.js';
export { EventsService } from './events.service.js';
export type { StoredEvent } from './events.service.js';
export { ZERO, addDecimals, compareDecimals, decimalNumber, decimalText, parseDecimal } from './exact-decimal.js';
export type { Decimal } from './exact-decimal.js';
export { eventStage } from './pipeline.js';
export type { AchievementUnlock, EventStage, EventStagePart, PipelineEvent, PipelineOutcome, StreakProgress } from './pipeline.js';
