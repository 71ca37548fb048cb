/**
 * Generated from Laurel's OpenAPI document by `npm run generate:client` (openapi-typescript).
 * Do not edit: change the route schemas and generate again.
 */

export interface paths {
    "/admin/audit-log": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Audit log: every admin change with its actor and the object before and after, newest first
         * @description Every change made through the admin API (create, update, delete, adjustments, keys, projects) with its time, actor (admin token, API key or service), resource, id and the object before and after (secrets redacted); filtered by resource and id, newest first, paged by cursor.
         */
        get: operations["listAuditLog"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Liveness
         * @description Liveness: answers 200 while the process serves requests, without touching the stores. Use it as the liveness probe.
         */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health/ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Readiness: the stores answer
         * @description Readiness: 200 when the database (and Redis in scale mode) answer, 503 with the failing store named otherwise. Use it as the readiness probe and in load balancers.
         */
        get: operations["getReadiness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/project": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List projects
         * @description Every project of this installation. Admin token only.
         */
        get: operations["listProjects"];
        put?: never;
        /**
         * Create a project
         * @description Creates a project (a tenant with its own users, programme and keys). Admin token only. 409 when the id is taken.
         */
        post: operations["createProject"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/project/{projectId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a project
         * @description One project with its settings. Admin token only.
         */
        get: operations["getProject"];
        /**
         * Update a project
         * @description Replaces the project's name and settings. Admin token only.
         */
        put: operations["updateProject"];
        post?: never;
        /**
         * Delete a project
         * @description Deletes a project (the default project cannot be deleted). Admin token only.
         */
        delete: operations["deleteProject"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/apikey": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List API keys
         * @description The project's API keys, without their secrets.
         */
        get: operations["listApiKeys"];
        put?: never;
        /**
         * Create an API key
         * @description Creates an API key of the project, a service principal on every public route within its `scopes` (omitted: every scope); its secret is shown only in this response and stored as a hash. /admin routes never take API keys.
         */
        post: operations["createApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/apikey/{apiKeyId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an API key
         * @description One API key of the project, without its secret.
         */
        get: operations["getApiKey"];
        /**
         * Update an API key
         * @description Renames an API key and, when `scopes` is given, sets its scopes (omitted: they stay); the secret stays the same.
         */
        put: operations["updateApiKey"];
        post?: never;
        /**
         * Delete an API key
         * @description Revokes an API key: from now on every instance refuses it with 401.
         */
        delete: operations["deleteApiKey"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a user
         * @description Creates a user of the project with a balance of 0, in its time zone (UTC when none is given). 400 USER_EXISTS when the id is taken; 409 USER_BEING_DELETED while a user of that id is being deleted. An API key needs the scope `users:write`.
         */
        post: operations["createUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/{userId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a user: creation time and time zone
         * @description The user's record: its id, when it was created and its time zone (whose calendar drives its streak periods and event limits). A user may read its own; a service, API key or the admin any user of the project. 404 USER_NOT_FOUND for an unknown user or one being deleted. An API key needs the scope `users:read`.
         */
        get: operations["getUser"];
        put?: never;
        post?: never;
        /**
         * Delete a user and its loyalty data (a background job; watch it at GET /admin/job/{jobId})
         * @description Starts the deletion of the user and all its loyalty data (ledger, history, progress, boards, coupons, answers). Answers 202 with the job; the user is gone for every read at once. An API key needs the scope `users:write`.
         */
        delete: operations["deleteUser"];
        options?: never;
        head?: never;
        /**
         * Change a user's time zone (the user itself or a service principal)
         * @description Changes the user's time zone (an IANA name such as Europe/Berlin). From the next event on, the user's own calendar decides streak periods and daily, weekly and monthly limits; boards, analytics and offer months stay UTC. An API key needs the scope `users:write`.
         */
        patch: operations["updateUser"];
        trace?: never;
    };
    "/user/{userId}/points": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Point balance of a user
         * @description The user's spendable point balance, the points still pending and the next days on which points expire. A user may read its own; a service or API key any user of the project. An API key needs the scope `users:read`.
         */
        get: operations["getUserPoints"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/user": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Users of the project: search by userId prefix, sort by points, last activity or creation, paged
         * @description The project's users with their balance, last activity and creation time: filtered by a userId prefix, sorted by points, last activity or creation (newest or highest first), paged by cursor. Users being deleted are left out.
         */
        get: operations["listUsers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/usergroup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a user group
         * @description Creates a user group with a service token or API key (the admin route is POST /admin/usergroup). An API key needs the scope `users:write`.
         */
        post: operations["createUserGroupAsService"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/usergroup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List user groups
         * @description The project's user groups.
         */
        get: operations["listUserGroups"];
        put?: never;
        /**
         * Create a user group
         * @description Creates a user group: users in it earn the group rewards of event definitions and have their own leaderboards.
         */
        post: operations["createUserGroup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/usergroup/{userGroupId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a user group
         * @description One user group of the project.
         */
        get: operations["getUserGroup"];
        /**
         * Update a user group
         * @description Replaces a user group's title and status; an INACTIVE group pays no group rewards and gets no board points.
         */
        put: operations["updateUserGroup"];
        post?: never;
        /**
         * Delete a user group
         * @description Deletes a user group; it no longer pays group rewards or has boards.
         */
        delete: operations["deleteUserGroup"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/user/{userId}/reversal": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reverse an earning history entry (refund): a REVERSAL entry; 409 when already reversed
         * @description Claws back the points of one earning history entry (a refund): a REVERSAL entry of the opposite sign, and the points leave the boards of the entry's period. When part was already spent the balance stops at 0 and the answer says how much could not be recovered. Challenge and streak progress stays.
         */
        post: operations["reverseHistoryEntry"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/user/{userId}/points": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Adjust a balance (ADJUSTMENT history entry)
         * @description Adds or removes points by hand (an ADJUSTMENT entry with its reason). Refused when the balance would go below 0 or leave the safe integer range.
         */
        post: operations["adjustUserPoints"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/adjustments/bulk": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Adjust many balances at once (e.g. from a CSV), with a dry run
         * @description Rows of userId, points and reason, applied in order in one batch (one transaction), each an ADJUSTMENT entry with its reason; a debit is cut so the balance stays ≥ 0. Every row gets its result: APPLIED, or FAILED with its code (USER_NOT_FOUND); the other rows still apply. With dryRun: true nothing changes and each row says what would happen (WOULD_APPLY, with the balance before and after). A malformed row (bad userId, points 0 or not an integer, empty reason) refuses the whole request with 400 and changes nothing.
         */
        post: operations["bulkAdjustUserPoints"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/{userId}/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Reward history (204 when empty; next page in x-next-cursor)
         * @description The user's ledger entries (events, redemptions, surveys, adjustments), newest or oldest first. 204 when there is nothing; the next page's cursor is in the x-next-cursor header. An API key needs the scope `users:read`.
         */
        get: operations["getUserHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/{userId}/challenge": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The user's challenges with progress
         * @description Every active challenge with the user's progress, completion and reward. An API key needs the scope `users:read`.
         */
        get: operations["listUserChallenges"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/{userId}/challenge/{challengeId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One challenge of the user, with progress
         * @description One challenge with the user's progress. An API key needs the scope `users:read`.
         */
        get: operations["getUserChallenge"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/challenge": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List challenges
         * @description The project's challenges.
         */
        get: operations["listChallenges"];
        put?: never;
        /**
         * Create a challenge
         * @description Creates a challenge (series, single or time-limited; FIXED or SUM progress) over event definitions of the project.
         */
        post: operations["createChallenge"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/challenge/{challengeId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a challenge
         * @description One challenge of the project.
         */
        get: operations["getChallenge"];
        /**
         * Replace a challenge
         * @description Replaces a challenge; progress already made is kept.
         */
        put: operations["updateChallenge"];
        post?: never;
        /**
         * Delete a challenge and its progress
         * @description Deletes a challenge and every user's progress in it.
         */
        delete: operations["deleteChallenge"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/{userId}/streak": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The user's streaks
         * @description Every active streak with the user's current and longest run and the milestones reached. An API key needs the scope `users:read`.
         */
        get: operations["listUserStreaks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/{userId}/streak/{streakId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One streak of the user
         * @description One streak with the user's state. An API key needs the scope `users:read`.
         */
        get: operations["getUserStreak"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/analytics/streak": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Participation in a streak; null before the first participant
         * @description How many users take part in a streak and how long their runs are; null before the first participant. An API key needs the scope `users:read`.
         */
        get: operations["getStreakAnalytics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/streak": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List streaks
         * @description The project's streaks.
         */
        get: operations["listStreaks"];
        put?: never;
        /**
         * Create a streak
         * @description Creates a daily, weekly or monthly streak over an event definition, with milestone bonuses.
         */
        post: operations["createStreak"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/streak/{streakId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a streak
         * @description One streak of the project.
         */
        get: operations["getStreak"];
        /**
         * Replace a streak
         * @description Replaces a streak; users' states are kept.
         */
        put: operations["updateStreak"];
        post?: never;
        /**
         * Delete a streak with its states and aggregates
         * @description Deletes a streak with every user's state and its aggregates.
         */
        delete: operations["deleteStreak"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/user/{userId}/streak/{streakId}/freeze": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Bank streak freezes for a user (cut at the streak's max)
         * @description Adds freezes to the user's bank for a streak, up to the streak's freezes.max. A banked freeze covers a missed period at the user's next event.
         */
        post: operations["grantStreakFreezes"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/event": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Event definitions
         * @description The project's event definitions (showAll=false: only ACTIVE ones). 204 only when the project has no definition at all; with definitions but none ACTIVE, showAll=false answers 200 []. An API key needs the scope `users:read`.
         */
        get: operations["listEventDefinitions"];
        put?: never;
        /**
         * Log a user event: points, challenges, streaks, leaderboards, analytics
         * @description Logs one user event. Its definition's reward (conditions, limits, group rewards) gives points; challenges, streaks, leaderboards and analytics move in the same write. Answers with the points awarded and everything the event completed. An optional Idempotency-Key makes retries safe. An API key needs the scope `events:write`.
         */
        post: operations["logEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Log up to 1000 events at once (integrations, backfills)
         * @description Each item is a POST /event body, checked and applied as POST /event would (same authorisation per item), in order; the items share write batches. The response has one result per item: the POST /event response, or the error body of that item (its statusCode says which). One item refused does not fail the others. An Idempotency-Key covers the whole request. An API key needs the scope `events:write`.
         */
        post: operations["logEvents"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/event/{eventId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One event definition
         * @description One active event definition. An API key needs the scope `users:read`.
         */
        get: operations["getEventDefinition"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/event": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Event definitions
         * @description Every event definition of the project, active or not.
         */
        get: operations["listAdminEventDefinitions"];
        put?: never;
        /**
         * Create an event definition
         * @description Creates an event definition: its reward, conditions on metadata, limits and group rewards.
         */
        post: operations["createEventDefinition"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/event/{eventId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One event definition
         * @description One event definition of the project, active or not.
         */
        get: operations["getAdminEventDefinition"];
        /**
         * Replace an event definition
         * @description Replaces an event definition; events logged from now on use it.
         */
        put: operations["updateEventDefinition"];
        post?: never;
        /**
         * Delete an event definition
         * @description Deletes an event definition; history entries it produced stay.
         */
        delete: operations["deleteEventDefinition"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/event-log": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Event log: the outcome and reason of every event call, newest first
         * @description Every POST /event call and POST /events item of the last EVENT_LOG_DAYS days: AWARDED, CONDITION_FAILED, LIMIT_REACHED (each with its reason in words), or REJECTED (refused with a 4xx; its status, code and message). Filters combine; `nextCursor` gives the next, older page.
         */
        get: operations["listEventLog"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/offer/shop/{shopId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A shop, with statistics { offers, redeemed, used } when includeStatistics=true
         * @description A shop as users see it, with its offer and redemption counts when includeStatistics=true. An API key needs the scope `users:read`.
         */
        get: operations["getShop"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/offer/{offerId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An offer, with statistics and totalStatistics, and its shop, when asked for
         * @description An offer as users see it, with its redemption statistics and its shop when asked for. An API key needs the scope `users:read`.
         */
        get: operations["getOffer"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/{userId}/offer/feed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Active offers valid now, filtered by type when given
         * @description The offers a user can see now: active, valid at this time, in an active shop, optionally of one type. An API key needs the scope `users:read`.
         */
        get: operations["getUserOfferFeed"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/{userId}/offer/{offerId}/redeem": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Redeem an offer: debit points, count the limits, issue a coupon (all or nothing)
         * @description Spends the offer's price × metadata.quantity (default 1) from the user's balance, counts every unit against the monthly, total and per-user limits, and issues one coupon per unit (data.coupons; data.coupon is the first) — all or nothing. Refusals are 400 with the reason of the redeemable check as code. An API key needs the scope `rewards:write`.
         */
        post: operations["redeemOffer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/{userId}/offer/{offerId}/redeemable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Whether the user can redeem the offer, and why not
         * @description Whether the user could redeem the offer now and, if not, the reason (balance, limits, validity). An API key needs the scope `users:read`.
         */
        get: operations["getOfferRedeemable"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/offer": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List offers
         * @description The project's offers, active or not.
         */
        get: operations["listOffers"];
        put?: never;
        /**
         * Create an offer
         * @description Creates an offer in an existing shop: price, validity, limits and the coupon it issues.
         */
        post: operations["createOffer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/offer/{offerId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an offer
         * @description One offer of the project, active or not.
         */
        get: operations["getAdminOffer"];
        /**
         * Update an offer
         * @description Replaces an offer; redemptions already made stay.
         */
        put: operations["updateOffer"];
        post?: never;
        /**
         * Delete an offer
         * @description Deletes an offer with its redemption counters; coupons it issued stay with their users.
         */
        delete: operations["deleteOffer"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/shop": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List shops
         * @description The project's shops.
         */
        get: operations["listShops"];
        put?: never;
        /**
         * Create a shop
         * @description Creates a shop that groups offers.
         */
        post: operations["createShop"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/shop/{shopId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a shop
         * @description One shop of the project.
         */
        get: operations["getAdminShop"];
        /**
         * Update a shop
         * @description Replaces a shop; an INACTIVE shop's offers cannot be redeemed.
         */
        put: operations["updateShop"];
        post?: never;
        /**
         * Delete a shop that no offer names (409 SHOP_IN_USE otherwise)
         * @description Deletes a shop. Refused with 409 SHOP_IN_USE while an offer names it.
         */
        delete: operations["deleteShop"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/{userId}/coupon": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Active coupons of a user (unredeemed, validUntil later than now)
         * @description The user's coupons that can still be used: not used yet and valid until later than now. An API key needs the scope `users:read`.
         */
        get: operations["listUserCoupons"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/{userId}/coupon/{couponId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Redeem (use) a coupon; the body SK selects it
         * @description Marks one of the user's coupons as used; using it a second time is refused with 409. An API key needs the scope `rewards:write`.
         */
        put: operations["useCoupon"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/coupon": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Coupons, newest first
         * @description The project's coupons, newest first, paged.
         */
        get: operations["listCoupons"];
        put?: never;
        /**
         * Issue a coupon to a user
         * @description Issues a coupon to a user by hand (no points are spent).
         */
        post: operations["issueCoupon"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/coupon/{couponKey}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a coupon
         * @description One coupon, by its key.
         */
        get: operations["getCoupon"];
        /**
         * Update a coupon
         * @description Replaces a coupon's title, description, validity, metadata and used state (its owner cannot change).
         */
        put: operations["updateCoupon"];
        post?: never;
        /**
         * Delete a coupon
         * @description Deletes a coupon.
         */
        delete: operations["deleteCoupon"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/{userId}/survey": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Active surveys the user has not answered
         * @description The active surveys the user has not answered yet. An API key needs the scope `users:read`.
         */
        get: operations["listUserSurveys"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/{userId}/survey/{surveyId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Answer a survey (once); may award points
         * @description Records the user's answer (one per user and survey) and credits the survey's points, if any. An API key needs the scope `rewards:write`.
         */
        put: operations["answerSurvey"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/survey": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List surveys
         * @description The project's surveys.
         */
        get: operations["listSurveys"];
        put?: never;
        /**
         * Create a survey
         * @description Creates a survey: questions, options, validity and the points an answer earns.
         */
        post: operations["createSurvey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/survey/{surveyId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A survey with its answers counted per option
         * @description One survey of the project, with how often each option was chosen.
         */
        get: operations["getSurvey"];
        /**
         * Update a survey
         * @description Replaces a survey; answers already given stay.
         */
        put: operations["updateSurvey"];
        post?: never;
        /**
         * Delete a survey
         * @description Deletes a survey and its answers.
         */
        delete: operations["deleteSurvey"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/{userId}/notifications/overview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Which sections hold unseen items
         * @description For each section (rewards, challenges, surveys): whether something changed since the user last looked. An API key needs the scope `users:read`.
         */
        get: operations["getNotificationOverview"];
        /**
         * Mark a section (rewards, challenges, surveys) as seen now
         * @description Records that the user has looked at a section now. An API key needs the scope `users:write`.
         */
        put: operations["markSectionSeen"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/{userId}/notifications/change": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Clear last-viewed markers (a true flag makes its section count as unseen again)
         * @description Clears the user's last-viewed markers; a section given as true counts as unseen again. An API key needs the scope `users:write`.
         */
        put: operations["changeNotificationMarkers"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/project/{projectId}/leaderboard": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Full ranking of a user group for a month or a rolling window
         * @description A page of the ranking of a user group: a calendar month (month=YYYY-MM) or a rolling window (timeframe=7d|30d|365d). Ties rank by who reached the total first. An API key needs the scope `users:read`.
         */
        get: operations["getLeaderboard"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/{userId}/leaderboard": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Personalized view: top 3, the user and the neighbours
         * @description The top 3, the user and `around` neighbours on each side, for a month or a rolling window. An API key needs the scope `users:read`.
         */
        get: operations["getUserLeaderboard"];
        put?: never;
        /**
         * Join the leaderboards: display name and anonymity (no body at all is the same as {})
         * @description Sets the user's display name and whether the user appears anonymously on the boards. An API key needs the scope `users:write`.
         */
        post: operations["setLeaderboardProfile"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/{userId}/rank": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Rank and points in the 7d, 30d and 365d windows
         * @description The user's rank and points on the 7-day, 30-day and 365-day boards of a user group. `month` and `timeframe` are refused (400 INVALID_PARAMETER): the answer always holds the three windows. An API key needs the scope `users:read`.
         */
        get: operations["getUserRanks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/project/{projectId}/leaderboard/archive": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The immutable snapshot of a monthly board, taken when its month closed
         * @description A page of a monthly board as it stood when its month closed (the snapshot season rewards were paid from); events that arrive later change the live board only. An API key needs the scope `users:read`.
         */
        get: operations["getLeaderboardArchive"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/season-reward": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List season rewards
         * @description The project's season rewards.
         */
        get: operations["listSeasonRewards"];
        put?: never;
        /**
         * Create a season reward (rank bands of a group paid when a month closes)
         * @description Creates a season reward: bands of ranks of a user group's monthly board, each paying points, an offer's coupon or both when the month closes.
         */
        post: operations["createSeasonReward"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/season-reward/{seasonRewardId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a season reward
         * @description One season reward of the project.
         */
        get: operations["getSeasonReward"];
        /**
         * Replace a season reward
         * @description Replaces a season reward's group and bands; months already paid stay as paid.
         */
        put: operations["updateSeasonReward"];
        post?: never;
        /**
         * Delete a season reward (payouts made stay)
         * @description Deletes a season reward; payouts already made stay.
         */
        delete: operations["deleteSeasonReward"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/season/{month}/payouts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Season points prizes paid for a month
         * @description The points prizes paid for a closed month, every group: who got which season reward at what rank, and the points (coupon prizes are coupons of their users). Empty before the month is closed.
         */
        get: operations["listSeasonPayouts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/season/{month}/close": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Close a month of the project now (archive its boards, pay its seasons): for testing; the automatic close then skips what is done
         * @description Closes a month of the project now (archives its boards and pays its season rewards) as a background job, for testing a programme; the automatic close at the end of the month then skips what was done.
         */
        post: operations["closeSeasonEarly"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/job/{jobId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Progress of a background job
         * @description The state and progress of a background job (for example a user deletion).
         */
        get: operations["getJob"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/stats/event": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Event analytics for a period or a calendar month
         * @description Counts, points, unique users and metadata statistics of events: the last 7/30/365 days (period) or a calendar month (timeframe=month&month=YYYY-MM), optionally for one event. An API key needs the scope `users:read`.
         */
        get: operations["getEventStats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/webhook": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The endpoints of the project
         * @description The project's webhook endpoints, without their secrets.
         */
        get: operations["listWebhooks"];
        put?: never;
        /**
         * Register an endpoint (its secret is shown only in this response)
         * @description Registers an endpoint for some message types or all (*). Answers with the endpoint and its signing secret, shown only here.
         */
        post: operations["createWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/webhook/{webhookId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a webhook endpoint
         * @description One endpoint with its delivery health, without its secret.
         */
        get: operations["getWebhook"];
        /**
         * Full update; INACTIVE holds pending messages, ACTIVE again sends them
         * @description Replaces an endpoint's URL, types, status and description.
         */
        put: operations["updateWebhook"];
        post?: never;
        /**
         * Delete the endpoint and its log
         * @description Deletes the endpoint, its pending messages and its delivery log.
         */
        delete: operations["deleteWebhook"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/webhook/{webhookId}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A new secret (shown only in this response); the old one also signs for 24 hours
         * @description Creates a new signing secret; for 24 hours messages carry signatures by both the old and the new one.
         */
        post: operations["rotateWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/webhook/{webhookId}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a webhook.test message now; answers with its delivery after the attempt
         * @description Sends a webhook.test message at once and answers with the delivery attempt's result.
         */
        post: operations["testWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/webhook/{webhookId}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Delivery log, newest first (next page in x-next-cursor)
         * @description The endpoint's delivery attempts, newest first, filtered by status; the next page's cursor is in x-next-cursor.
         */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/webhook/{webhookId}/deliveries/{messageId}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send one message again now; answers with its delivery after the attempt
         * @description Sends one message to the endpoint again now, whatever its state, and answers with the attempt's result.
         */
        post: operations["retryWebhookDelivery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/{userId}/tier": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A user's tier, the points earned in the tier window and what the next tier needs
         * @description The user's tier (the highest whose threshold the points earned in the project's tier window reach), since when it holds, those points, and how many more the next tier needs. An API key needs the scope `users:read`.
         */
        get: operations["getUserTier"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/tier": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the tiers (by threshold)
         * @description The project's tiers, lowest threshold first.
         */
        get: operations["listTiers"];
        put?: never;
        /**
         * Create a tier
         * @description Creates a tier: the points earned in the tier window it needs, the multiplier it gives event rewards, and its title and benefits.
         */
        post: operations["createTier"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/tier/{tierId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a tier
         * @description One tier of the project.
         */
        get: operations["getTier"];
        /**
         * Replace a tier
         * @description Replaces a tier; users move up at their next earning and down at the monthly check.
         */
        put: operations["updateTier"];
        post?: never;
        /**
         * Delete a tier (409 while offers name it)
         * @description Deletes a tier; refused with 409 TIER_IN_USE while an offer names it.
         */
        delete: operations["deleteTier"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description A ledger entry: every change of a balance, including entries of 0 points */
        WebhookPointsChanged: {
            /** @enum {string} */
            type: "points.changed";
            /**
             * Format: date-time
             * @description When Laurel recorded the fact (ISO 8601)
             */
            timestamp: string;
            /** @description A ledger entry: every change of a balance, including entries of 0 points */
            data: {
                /** @description The project the message belongs to */
                projectId: string;
                userId: string;
                /** @description EVENT, CHALLENGE, STREAK, SURVEY, REDEMPTION, ADJUSTMENT, SEASON, REVERSAL or EXPIRY (an EVENT whose pending points became available is sent again with them) */
                entryType: string;
                /** @description The eventId, challengeId, streakId, surveyId, offerId or adjustment id */
                sourceId: string;
                /** @description Points of the ledger entry (negative for spending) */
                points: number;
                /** @description The balance after the entry */
                balance: number;
                /** @description Effective time of the entry (an offline event: its timestamp) (Unix ms) */
                occurredAt: number;
            };
        };
        /** @description A user completed a challenge (once per user and challenge) */
        WebhookChallengeCompleted: {
            /** @enum {string} */
            type: "challenge.completed";
            /**
             * Format: date-time
             * @description When Laurel recorded the fact (ISO 8601)
             */
            timestamp: string;
            /** @description A user completed a challenge (once per user and challenge) */
            data: {
                /** @description The project the message belongs to */
                projectId: string;
                userId: string;
                challengeId: string;
                eventId: string;
                progress: number;
                goal: number;
                pointsAwarded: number;
                /** @description When it was completed (Unix ms) */
                completedAt: number;
            };
        };
        /** @description A streak reached one or more milestones */
        WebhookStreakMilestoneReached: {
            /** @enum {string} */
            type: "streak.milestone_reached";
            /**
             * Format: date-time
             * @description When Laurel recorded the fact (ISO 8601)
             */
            timestamp: string;
            /** @description A streak reached one or more milestones */
            data: {
                /** @description The project the message belongs to */
                projectId: string;
                userId: string;
                streakId: string;
                /** @description Milestone counts reached by this event */
                milestones: number[];
                currentCount: number;
                pointsAwarded: number;
            };
        };
        /** @description A user redeemed an offer with points */
        WebhookOfferRedeemed: {
            /** @enum {string} */
            type: "offer.redeemed";
            /**
             * Format: date-time
             * @description When Laurel recorded the fact (ISO 8601)
             */
            timestamp: string;
            /** @description A user redeemed an offer with points */
            data: {
                /** @description The project the message belongs to */
                projectId: string;
                userId: string;
                offerId: string;
                shopId: string;
                redemptionId: string;
                pointsSpent: number;
                balance: number;
                /** @description The coupon issued by the redemption (the first unit’s); null for a STREAK_FREEZE offer, which issues none */
                couponKey: string | null;
                /** @description Units redeemed, when more than 1 (pointsSpent covers them all) */
                quantity?: number;
                /** @description When more than 1 unit: the coupon of each unit */
                couponKeys?: string[];
                /** @description STREAK_FREEZE offers: the streak whose bank got the freeze */
                streakId?: string;
            };
        };
        /** @description A user used (redeemed) a coupon */
        WebhookCouponUsed: {
            /** @enum {string} */
            type: "coupon.used";
            /**
             * Format: date-time
             * @description When Laurel recorded the fact (ISO 8601)
             */
            timestamp: string;
            /** @description A user used (redeemed) a coupon */
            data: {
                /** @description The project the message belongs to */
                projectId: string;
                userId: string;
                couponKey: string;
                /** @description null for a coupon issued by the operator */
                offerId: string | null;
                /** @description When it was used (Unix ms) */
                usedAt: number;
            };
        };
        /** @description A user answered a survey */
        WebhookSurveyAnswered: {
            /** @enum {string} */
            type: "survey.answered";
            /**
             * Format: date-time
             * @description When Laurel recorded the fact (ISO 8601)
             */
            timestamp: string;
            /** @description A user answered a survey */
            data: {
                /** @description The project the message belongs to */
                projectId: string;
                userId: string;
                surveyId: string;
                responses: string[];
                pointsAwarded: number;
            };
        };
        /** @description The deletion job finished: the user's data is gone */
        WebhookUserDeleted: {
            /** @enum {string} */
            type: "user.deleted";
            /**
             * Format: date-time
             * @description When Laurel recorded the fact (ISO 8601)
             */
            timestamp: string;
            /** @description The deletion job finished: the user's data is gone */
            data: {
                /** @description The project the message belongs to */
                projectId: string;
                userId: string;
                /** @description The deletion job (GET /admin/job/{jobId}) */
                jobId: string;
                /** @description When the deletion job finished (Unix ms) */
                deletedAt: number;
            };
        };
        /** @description A month ended: its board of one user group, top 10 */
        WebhookLeaderboardMonthClosed: {
            /** @enum {string} */
            type: "leaderboard.month_closed";
            /**
             * Format: date-time
             * @description When Laurel recorded the fact (ISO 8601)
             */
            timestamp: string;
            /** @description A month ended: its board of one user group, top 10 */
            data: {
                /** @description The project the message belongs to */
                projectId: string;
                groupId: string;
                /** @description YYYY-MM */
                month: string;
                /** @description The first 10 of the monthly board when the month was closed */
                top: {
                    rank: number;
                    userId: string;
                    username: string;
                    points: number;
                }[];
            };
        };
        /** @description A user's tier changed: an upgrade as soon as it is earned, a downgrade by the monthly check (the daily job on the 1st, or the user's next change of points if earlier) */
        WebhookTierChanged: {
            /** @enum {string} */
            type: "tier.changed";
            /**
             * Format: date-time
             * @description When Laurel recorded the fact (ISO 8601)
             */
            timestamp: string;
            /** @description A user's tier changed: an upgrade as soon as it is earned, a downgrade by the monthly check (the daily job on the 1st, or the user's next change of points if earlier) */
            data: {
                /** @description The project the message belongs to */
                projectId: string;
                userId: string;
                /** @description The new tier (null: none) */
                tierId: string | null;
                previousTierId: string | null;
                /** @description Since when the user holds the new tier (Unix ms) */
                since: number | null;
                /** @description Points earned in the tier window */
                earnedInWindow: number;
            };
        };
        /** @description Points of a user expire in 7 days (sent once per user and expiry day by the daily job) */
        WebhookPointsExpiring: {
            /** @enum {string} */
            type: "points.expiring";
            /**
             * Format: date-time
             * @description When Laurel recorded the fact (ISO 8601)
             */
            timestamp: string;
            /** @description Points of a user expire in 7 days (sent once per user and expiry day by the daily job) */
            data: {
                /** @description The project the message belongs to */
                projectId: string;
                userId: string;
                /** @description Points that expire at the end of that day unless spent first */
                points: number;
                /** @description The UTC day (YYYY-MM-DD) at whose end they expire */
                expiresOn: string;
                /** @description The last millisecond they can be spent (Unix ms) */
                expiresAt: number;
                /** @description The balance when the notice was decided */
                balance: number;
            };
        };
        /** @description Sent by POST /admin/webhook/{id}/test */
        WebhookWebhookTest: {
            /** @enum {string} */
            type: "webhook.test";
            /**
             * Format: date-time
             * @description When Laurel recorded the fact (ISO 8601)
             */
            timestamp: string;
            /** @description Sent by POST /admin/webhook/{id}/test */
            data: {
                /** @description The project the message belongs to */
                projectId: string;
                webhookId: string;
                message: string;
            };
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    listAuditLog: {
        parameters: {
            query?: {
                /** @description e.g. event, offer, apikey, project, user */
                resource?: string;
                /** @description Only changes of the resource with this id (with resource) */
                resourceId?: string;
                /** @description nextCursor of the previous page */
                cursor?: string;
                /** @description Page size */
                limit?: number;
            };
            header?: {
                /** @description With the admin token: the project to act on (default: default) */
                "x-project-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description Cursor of the next page (pass it as cursor); absent on the last page */
                    "x-next-cursor"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        entries: {
                            /** @description Unix ms */
                            at: number;
                            /** @description `admin` (the admin token), `apikey:<apiKeyId>`, `service:<subject>` or `user:<userId>` */
                            actor: string;
                            resource: string;
                            resourceId: string | null;
                            /** @description create, update, delete, adjustment, or a named action such as rotate-secret */
                            action: string;
                            /** @description The object before the change (secrets redacted); null for a create */
                            before: {
                                [key: string]: unknown;
                            } | null;
                            /** @description The object after the change (secrets redacted); null for a delete */
                            after: {
                                [key: string]: unknown;
                            } | null;
                        }[];
                        /** @description Cursor of the next (older) page; null on the last page */
                        nextCursor: string | null;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "ok";
                    };
                };
            };
        };
    };
    getReadiness: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "ok";
                        dialect: string;
                        /** @description State of each store; redis is disabled in embedded mode */
                        stores: {
                            database: "ok" | "unavailable" | "disabled";
                            redis: "ok" | "unavailable" | "disabled";
                        };
                    };
                };
            };
            /** @description The error body (message names the store), plus the state of each store */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                        /** @description State of each store; redis is disabled in embedded mode */
                        stores: {
                            database: "ok" | "unavailable" | "disabled";
                            redis: "ok" | "unavailable" | "disabled";
                        };
                    };
                };
            };
        };
    };
    listProjects: {
        parameters: {
            query?: never;
            header?: {
                /** @description With the admin token: the project to act on (default: default) */
                "x-project-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        projectId: string;
                        name: string;
                        /** @description A tier is computed from the points earned in the last `months` calendar months (default 12) */
                        tierWindow: {
                            months: number;
                        };
                        /** @description Monthly checks a user keeps a tier while falling short of it (default 1) */
                        tierGraceMonths: number;
                        /** @description Points expiry (null: points do not expire; the default). Switching it on starts the clock of points earned before on that day. */
                        pointsExpiry: {
                            /** @description Points expire at the end of the UTC day this many days after the day they entered the balance */
                            afterDays: number;
                        } | null;
                        /** @description How many hours back an event sent with an end user's own token may be dated (default 72; 0: no offline events from user tokens). Older: 400 TIMESTAMP_TOO_OLD. Service tokens and API keys keep the 30-day window. */
                        userEventMaxAgeHours: number;
                        createdAt: number;
                        updatedAt: number;
                    }[];
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    createProject: {
        parameters: {
            query?: never;
            header?: {
                /** @description With the admin token: the project to act on (default: default) */
                "x-project-id"?: string;
                /** @description Makes a retry safe: a repeat with the same key and body gets the first response (24 hours) */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    projectId?: string;
                    name: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        projectId: string;
                        name: string;
                        /** @description A tier is computed from the points earned in the last `months` calendar months (default 12) */
                        tierWindow: {
                            months: number;
                        };
                        /** @description Monthly checks a user keeps a tier while falling short of it (default 1) */
                        tierGraceMonths: number;
                        /** @description Points expiry (null: points do not expire; the default). Switching it on starts the clock of points earned before on that day. */
                        pointsExpiry: {
                            /** @description Points expire at the end of the UTC day this many days after the day they entered the balance */
                            afterDays: number;
                        } | null;
                        /** @description How many hours back an event sent with an end user's own token may be dated (default 72; 0: no offline events from user tokens). Older: 400 TIMESTAMP_TOO_OLD. Service tokens and API keys keep the 30-day window. */
                        userEventMaxAgeHours: number;
                        createdAt: number;
                        updatedAt: number;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    getProject: {
        parameters: {
            query?: never;
            header?: {
                /** @description With the admin token: the project to act on (default: default) */
                "x-project-id"?: string;
            };
            path: {
                /** @description Id of the project */
                projectId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        projectId: string;
                        name: string;
                        /** @description A tier is computed from the points earned in the last `months` calendar months (default 12) */
                        tierWindow: {
                            months: number;
                        };
                        /** @description Monthly checks a user keeps a tier while falling short of it (default 1) */
                        tierGraceMonths: number;
                        /** @description Points expiry (null: points do not expire; the default). Switching it on starts the clock of points earned before on that day. */
                        pointsExpiry: {
                            /** @description Points expire at the end of the UTC day this many days after the day they entered the balance */
                            afterDays: number;
                        } | null;
                        /** @description How many hours back an event sent with an end user's own token may be dated (default 72; 0: no offline events from user tokens). Older: 400 TIMESTAMP_TOO_OLD. Service tokens and API keys keep the 30-day window. */
                        userEventMaxAgeHours: number;
                        createdAt: number;
                        updatedAt: number;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    updateProject: {
        parameters: {
            query?: never;
            header?: {
                /** @description With the admin token: the project to act on (default: default) */
                "x-project-id"?: string;
                /** @description Makes a retry safe: a repeat with the same key and body gets the first response (24 hours) */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Id of the project */
                projectId: string;
            };
            cookie?: never;
        };
        /** @description The name, and the settings to change (an omitted setting keeps its value) */
        requestBody: {
            content: {
                "application/json": {
                    projectId?: string;
                    name: string;
                    /** @description A tier is computed from the points earned in the last `months` calendar months (default 12) */
                    tierWindow?: {
                        months: number;
                    };
                    /** @description Monthly checks a user keeps a tier while falling short of it (default 1) */
                    tierGraceMonths?: number;
                    /** @description Points expiry (null: points do not expire; the default). Switching it on starts the clock of points earned before on that day. */
                    pointsExpiry?: {
                        /** @description Points expire at the end of the UTC day this many days after the day they entered the balance */
                        afterDays: number;
                    } | null;
                    /** @description How many hours back an event sent with an end user's own token may be dated (default 72; 0: no offline events from user tokens). Older: 400 TIMESTAMP_TOO_OLD. Service tokens and API keys keep the 30-day window. */
                    userEventMaxAgeHours?: number;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        projectId: string;
                        name: string;
                        /** @description A tier is computed from the points earned in the last `months` calendar months (default 12) */
                        tierWindow: {
                            months: number;
                        };
                        /** @description Monthly checks a user keeps a tier while falling short of it (default 1) */
                        tierGraceMonths: number;
                        /** @description Points expiry (null: points do not expire; the default). Switching it on starts the clock of points earned before on that day. */
                        pointsExpiry: {
                            /** @description Points expire at the end of the UTC day this many days after the day they entered the balance */
                            afterDays: number;
                        } | null;
                        /** @description How many hours back an event sent with an end user's own token may be dated (default 72; 0: no offline events from user tokens). Older: 400 TIMESTAMP_TOO_OLD. Service tokens and API keys keep the 30-day window. */
                        userEventMaxAgeHours: number;
                        createdAt: number;
                        updatedAt: number;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    deleteProject: {
        parameters: {
            query?: never;
            header?: {
                /** @description With the admin token: the project to act on (default: default) */
                "x-project-id"?: string;
                /** @description Makes a retry safe: a repeat with the same key and body gets the first response (24 hours) */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Id of the project */
                projectId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    listApiKeys: {
        parameters: {
            query?: never;
            header?: {
                /** @description With the admin token: the project to act on (default: default) */
                "x-project-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        apiKeyId: string;
                        name: string;
                        /** @description First characters of the key, to tell keys apart */
                        keyPrefix: string;
                        /** @description What the key may do. Omitted at creation: every scope. A request outside them is 403 API_KEY_SCOPE. */
                        scopes: ("events:write" | "users:write" | "users:read" | "rewards:write")[];
                        createdAt: number;
                    }[];
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    createApiKey: {
        parameters: {
            query?: never;
            header?: {
                /** @description With the admin token: the project to act on (default: default) */
                "x-project-id"?: string;
                /** @description Makes a retry safe: a repeat with the same key and body gets the first response (24 hours) */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    apiKeyId?: string;
                    name: string;
                    /** @description What the key may do. Omitted at creation: every scope. A request outside them is 403 API_KEY_SCOPE. */
                    scopes?: ("events:write" | "users:write" | "users:read" | "rewards:write")[];
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        apiKeyId: string;
                        name: string;
                        keyPrefix: string;
                        /** @description What the key may do. Omitted at creation: every scope. A request outside them is 403 API_KEY_SCOPE. */
                        scopes: ("events:write" | "users:write" | "users:read" | "rewards:write")[];
                        createdAt: number;
                        /** @description The key itself; shown only in this response */
                        key: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    getApiKey: {
        parameters: {
            query?: never;
            header?: {
                /** @description With the admin token: the project to act on (default: default) */
                "x-project-id"?: string;
            };
            path: {
                /** @description Id of the API key */
                apiKeyId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        apiKeyId: string;
                        name: string;
                        /** @description First characters of the key, to tell keys apart */
                        keyPrefix: string;
                        /** @description What the key may do. Omitted at creation: every scope. A request outside them is 403 API_KEY_SCOPE. */
                        scopes: ("events:write" | "users:write" | "users:read" | "rewards:write")[];
                        createdAt: number;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    updateApiKey: {
        parameters: {
            query?: never;
            header?: {
                /** @description With the admin token: the project to act on (default: default) */
                "x-project-id"?: string;
                /** @description Makes a retry safe: a repeat with the same key and body gets the first response (24 hours) */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Id of the API key */
                apiKeyId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    apiKeyId?: string;
                    name: string;
                    /** @description What the key may do. Omitted at creation: every scope. A request outside them is 403 API_KEY_SCOPE. */
                    scopes?: ("events:write" | "users:write" | "users:read" | "rewards:write")[];
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        apiKeyId: string;
                        name: string;
                        /** @description First characters of the key, to tell keys apart */
                        keyPrefix: string;
                        /** @description What the key may do. Omitted at creation: every scope. A request outside them is 403 API_KEY_SCOPE. */
                        scopes: ("events:write" | "users:write" | "users:read" | "rewards:write")[];
                        createdAt: number;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    deleteApiKey: {
        parameters: {
            query?: never;
            header?: {
                /** @description With the admin token: the project to act on (default: default) */
                "x-project-id"?: string;
                /** @description Makes a retry safe: a repeat with the same key and body gets the first response (24 hours) */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Id of the API key */
                apiKeyId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    createUser: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: a repeat with the same key and body gets the first response (24 hours) */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Client-chosen user id */
                    userId: string;
                    /** @description IANA time zone name (e.g. Europe/Berlin); its local calendar drives the user's streak periods and daily/weekly/monthly event limits */
                    timeZone?: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        userId: string;
                        createdAt: number;
                        /** @description Canonical IANA name; UTC when none was given */
                        timeZone: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    getUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Client-chosen user id */
                userId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        userId: string;
                        createdAt: number;
                        /** @description IANA name; UTC unless set */
                        timeZone: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    deleteUser: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: a repeat with the same key and body gets the first response (24 hours) */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Client-chosen user id */
                userId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        userId: string;
                        jobId: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    updateUser: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: a repeat with the same key and body gets the first response (24 hours) */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Client-chosen user id */
                userId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description IANA time zone name (e.g. Europe/Berlin); its local calendar drives the user's streak periods and daily/weekly/monthly event limits */
                    timeZone: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        userId: string;
                        /** @description Canonical IANA name */
                        timeZone: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    getUserPoints: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Client-chosen user id */
                userId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        userId: string;
                        points: number;
                        userExists: boolean;
                        /** @description Points credited pending (not spendable yet); not part of `points` */
                        pending: number;
                        /** @description The next three days on which points expire, earliest first (empty while the project's points do not expire) */
                        expiring: {
                            points: number;
                            /** @description The last millisecond the points can be spent (end of a UTC day, Unix ms) */
                            expiresAt: number;
                        }[];
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    listUsers: {
        parameters: {
            query?: {
                /** @description Only users whose userId begins with this (case-sensitive) */
                prefix?: string;
                /** @description createdAt: newest first; points: most first; lastActive: most recently active first, never active last */
                sort?: "createdAt" | "points" | "lastActive";
                /** @description nextCursor of the previous page */
                cursor?: string;
                /** @description Users per page */
                limit?: number;
            };
            header?: {
                /** @description With the admin token: the project to act on (default: default) */
                "x-project-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description Cursor of the next page (pass it as cursor); absent on the last page */
                    "x-next-cursor"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        users: {
                            userId: string;
                            /** @description Balance */
                            points: number;
                            /** @description When the user last earned or spent points by an event, redemption or survey answer (not an admin adjustment), Unix ms; null: never */
                            lastActiveAt: number | null;
                            /** @description Unix ms */
                            createdAt: number;
                            /** @description IANA name of the user's time zone (UTC unless set) */
                            timeZone: string;
                        }[];
                        /** @description Cursor of the next page; null on the last page */
                        nextCursor: string | null;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    createUserGroupAsService: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: a repeat with the same key and body gets the first response (24 hours) */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    title: {
                        default: string;
                        de: string;
                        en?: string;
                    };
                    description?: {
                        default?: string;
                        de?: string;
                        en?: string;
                    };
                    /** @description Letters, digits, _ and -; at most 128. Generated as ug_… when omitted; "default" is reserved. */
                    userGroupId?: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        userGroupId: string;
                        createdAt: number;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    listUserGroups: {
        parameters: {
            query?: never;
            header?: {
                /** @description With the admin token: the project to act on (default: default) */
                "x-project-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        userGroupId: string;
                        title: {
                            default: string;
                            de: string;
                            en?: string;
                        };
                        description: {
                            default: string;
                            de: string;
                            en: string;
                        };
                        status: string;
                        createdAt: number;
                        updatedAt: number;
                    }[];
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    createUserGroup: {
        parameters: {
            query?: never;
            header?: {
                /** @description With the admin token: the project to act on (default: default) */
                "x-project-id"?: string;
                /** @description Makes a retry safe: a repeat with the same key and body gets the first response (24 hours) */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    title: {
                        default: string;
                        de: string;
                        en?: string;
                    };
                    description?: {
                        default?: string;
                        de?: string;
                        en?: string;
                    };
                    /** @description Letters, digits, _ and -; at most 128. Generated as ug_… when omitted; "default" is reserved. */
                    userGroupId?: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        userGroupId: string;
                        title: {
                            default: string;
                            de: string;
                            en?: string;
                        };
                        description: {
                            default: string;
                            de: string;
                            en: string;
                        };
                        status: string;
                        createdAt: number;
                        updatedAt: number;
                    } & {
                        message: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    getUserGroup: {
        parameters: {
            query?: never;
            header?: {
                /** @description With the admin token: the project to act on (default: default) */
                "x-project-id"?: string;
            };
            path: {
                /** @description Letters, digits, _ and -; at most 128. Generated as ug_… when omitted; "default" is reserved. */
                userGroupId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        userGroupId: string;
                        title: {
                            default: string;
                            de: string;
                            en?: string;
                        };
                        description: {
                            default: string;
                            de: string;
                            en: string;
                        };
                        status: string;
                        createdAt: number;
                        updatedAt: number;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    updateUserGroup: {
        parameters: {
            query?: never;
            header?: {
                /** @description With the admin token: the project to act on (default: default) */
                "x-project-id"?: string;
                /** @description Makes a retry safe: a repeat with the same key and body gets the first response (24 hours) */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Letters, digits, _ and -; at most 128. Generated as ug_… when omitted; "default" is reserved. */
                userGroupId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    title: {
                        default: string;
                        de: string;
                        en?: string;
                    };
                    description?: {
                        default?: string;
                        de?: string;
                        en?: string;
                    };
                    /** @description Letters, digits, _ and -; at most 128. Generated as ug_… when omitted; "default" is reserved. */
                    userGroupId?: string;
                    status?: "ACTIVE" | "INACTIVE";
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        userGroupId: string;
                        title: {
                            default: string;
                            de: string;
                            en?: string;
                        };
                        description: {
                            default: string;
                            de: string;
                            en: string;
                        };
                        status: string;
                        createdAt: number;
                        updatedAt: number;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    deleteUserGroup: {
        parameters: {
            query?: never;
            header?: {
                /** @description With the admin token: the project to act on (default: default) */
                "x-project-id"?: string;
                /** @description Makes a retry safe: a repeat with the same key and body gets the first response (24 hours) */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Letters, digits, _ and -; at most 128. Generated as ug_… when omitted; "default" is reserved. */
                userGroupId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    reverseHistoryEntry: {
        parameters: {
            query?: never;
            header?: {
                /** @description With the admin token: the project to act on (default: default) */
                "x-project-id"?: string;
                /** @description Makes a retry safe: a repeat with the same key and body gets the first response (24 hours) */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Client-chosen user id */
                userId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The id of the history entry to reverse (an entry that earned points) */
                    historyId: string;
                    reason: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        userId: string;
                        reversalId: string;
                        /** @description The reversed entry */
                        historyId: string;
                        /** @description Points taken back (≤ 0): the REVERSAL history entry */
                        points: number;
                        /** @description Points of the entry already spent, which could not be taken back (the balance stopped at 0) */
                        unrecovered: number;
                        balance: number;
                        reason: string;
                        timestamp: number;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    adjustUserPoints: {
        parameters: {
            query?: never;
            header?: {
                /** @description With the admin token: the project to act on (default: default) */
                "x-project-id"?: string;
                /** @description Makes a retry safe: a repeat with the same key and body gets the first response (24 hours) */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Client-chosen user id */
                userId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Signed change; non-zero */
                    points: number;
                    reason: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        userId: string;
                        adjustmentId: string;
                        /** @description Points applied (a debit is cut so the balance stays ≥ 0) */
                        points: number;
                        balance: number;
                        reason: string;
                        timestamp: number;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    bulkAdjustUserPoints: {
        parameters: {
            query?: never;
            header?: {
                /** @description With the admin token: the project to act on (default: default) */
                "x-project-id"?: string;
                /** @description Makes a retry safe: a repeat with the same key and body gets the first response (24 hours) */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description true: answer what would happen and change nothing
                     * @default false
                     */
                    dryRun: boolean;
                    /** @description Applied in this order; a user may appear more than once */
                    rows: {
                        /** @description Client-chosen user id */
                        userId: string;
                        /** @description Signed change; non-zero */
                        points: number;
                        reason: string;
                    }[];
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        dryRun: boolean;
                        /** @description Rows applied (0 for a dry run) */
                        applied: number;
                        /** @description Rows that failed (or would) */
                        failed: number;
                        rows: {
                            /** @description Index of the row in the request, from 0 */
                            row: number;
                            userId: string;
                            outcome: "APPLIED" | "WOULD_APPLY" | "FAILED";
                            /** @description Points applied (or that would be): a debit is cut so the balance stays ≥ 0; 0 when FAILED */
                            points: number;
                            /** @description Null when the user does not exist */
                            balanceBefore: number | null;
                            balanceAfter: number | null;
                            /** @description Of an APPLIED row (its history entry); else null */
                            adjustmentId: string | null;
                            /** @description Error code of a FAILED row, e.g. USER_NOT_FOUND */
                            code: string | null;
                            message: string | null;
                        }[];
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    getUserHistory: {
        parameters: {
            query?: {
                /** @description asc: oldest first; desc: newest first */
                sort?: "asc" | "desc";
                /** @description true also lists entries with 0 points */
                showAll?: boolean;
                /** @description Page size */
                limit?: number;
                /** @description x-next-cursor of the previous page */
                cursor?: string;
            };
            header?: never;
            path: {
                /** @description Client-chosen user id */
                userId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description Cursor of the next page (pass it as cursor); absent on the last page */
                    "x-next-cursor"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description <TYPE>#<sourceId>#<timestamp_ms>; a further entry of the same source and millisecond adds #<n> (n = 2, 3, …) */
                        id: string;
                        timestamp: number;
                        type: string;
                        points: number;
                        image: string | null;
                        description: {
                            de: string;
                            en: string;
                        };
                        title: {
                            de: string;
                            en: string;
                        };
                        userId: string;
                        globalEventDateKey: string;
                        /** @description Only on a credit of an event with pendingDays: PENDING until availableAt, then AVAILABLE; CANCELLED when reversed while pending */
                        status?: "PENDING" | "AVAILABLE" | "CANCELLED";
                        /** @description When a pending credit becomes (or became) available (Unix ms) */
                        availableAt?: number;
                    }[];
                };
            };
            /** @description No content */
            204: {
                headers: {
                    /** @description Cursor of the next page (pass it as cursor); absent on the last page */
                    "x-next-cursor"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    listUserChallenges: {
        parameters: {
            query?: {
                /** @description true: completed only; false: not completed only */
                completed?: boolean;
            };
            header?: never;
            path: {
                /** @description Client-chosen user id */
                userId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        challenges: {
                            challengeId: string;
                            /** @description ACTIVE, COMPLETED or EXPIRED */
                            status: string;
                            goal: number;
                            points: number;
                            title: {
                                [key: string]: string;
                            };
                            description: {
                                [key: string]: string;
                            };
                            /** @description FIXED or SUM */
                            type: string;
                            progress: number;
                            completed: boolean;
                            /** @description ISO 8601 */
                            completedDate: string | null;
                            seriesId: string | null;
                            step: number | null;
                            isLastStep: boolean;
                            eventId: string;
                            startDate: number | null;
                            endDate: number | null;
                            image: string | null;
                        }[];
                        /** @enum {object|null} */
                        lastEvaluatedKey: never | null;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    getUserChallenge: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Client-chosen user id */
                userId: string;
                /** @description Id of the challenge */
                challengeId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        challenge: {
                            challengeId: string;
                            /** @description ACTIVE, COMPLETED or EXPIRED */
                            status: string;
                            goal: number;
                            points: number;
                            title: {
                                [key: string]: string;
                            };
                            description: {
                                [key: string]: string;
                            };
                            /** @description FIXED or SUM */
                            type: string;
                            progress: number;
                            completed: boolean;
                            /** @description ISO 8601 */
                            completedDate: string | null;
                            seriesId: string | null;
                            step: number | null;
                            isLastStep: boolean;
                            eventId: string;
                            startDate: number | null;
                            endDate: number | null;
                            image: string | null;
                        };
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    listChallenges: {
        parameters: {
            query?: never;
            header?: {
                /** @description With the admin token: the project to act on (default: default) */
                "x-project-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        challengeId: string;
                        title: {
                            [key: string]: string;
                        };
                        description: {
                            [key: string]: string;
                        };
                        type: string;
                        eventId: string;
                        conditions: {
                            type: "AND" | "OR";
                            conditions: {
                                field: string;
                                operator: "equals" | "not_equals" | "greater_than" | "greater_than_or_equal" | "less_than" | "less_than_or_equal" | "contains" | "in" | "exists";
                                value?: (string | number | boolean) | (string | number)[];
                            }[];
                        } | null;
                        valueField: string | null;
                        goal: number;
                        points: number;
                        seriesId: string | null;
                        step: number | null;
                        isLastStep: boolean;
                        startDate: number | null;
                        endDate: number | null;
                        image: string | null;
                        status: string;
                        createdAt: number;
                        updatedAt: number;
                        /** @description In the list (GET /admin/challenge) only, so an object read before and after a change compares equal */
                        completions?: {
                            /** @description Users who completed it */
                            total: number;
                            /** @description Of those, completed in the last 30 days (service time) */
                            last30Days: number;
                        };
                    }[];
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    createChallenge: {
        parameters: {
            query?: never;
            header?: {
                /** @description With the admin token: the project to act on (default: default) */
                "x-project-id"?: string;
                /** @description Makes a retry safe: a repeat with the same key and body gets the first response (24 hours) */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    challengeId?: string;
                    /** @description Language code to text, e.g. { "de": "…", "en": "…" } */
                    title: {
                        [key: string]: string;
                    };
                    /** @description Language code to text, e.g. { "de": "…", "en": "…" } */
                    description?: {
                        [key: string]: string;
                    };
                    type?: "FIXED" | "SUM";
                    eventId: string;
                    conditions?: {
                        type: "AND" | "OR";
                        conditions: {
                            field: string;
                            operator: "equals" | "not_equals" | "greater_than" | "greater_than_or_equal" | "less_than" | "less_than_or_equal" | "contains" | "in" | "exists";
                            value?: (string | number | boolean) | (string | number)[];
                        }[];
                    } | null;
                    valueField?: string | null;
                    goal: number;
                    points?: number;
                    seriesId?: string | null;
                    step?: number | null;
                    isLastStep?: boolean;
                    /** @description Unix ms */
                    startDate?: number | null;
                    /** @description Unix ms */
                    endDate?: number | null;
                    image?: string | null;
                    status?: "ACTIVE" | "INACTIVE";
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        challengeId: string;
                        title: {
                            [key: string]: string;
                        };
                        description: {
                            [key: string]: string;
                        };
                        type: string;
                        eventId: string;
                        conditions: {
                            type: "AND" | "OR";
                            conditions: {
                                field: string;
                                operator: "equals" | "not_equals" | "greater_than" | "greater_than_or_equal" | "less_than" | "less_than_or_equal" | "contains" | "in" | "exists";
                                value?: (string | number | boolean) | (string | number)[];
                            }[];
                        } | null;
                        valueField: string | null;
                        goal: number;
                        points: number;
                        seriesId: string | null;
                        step: number | null;
                        isLastStep: boolean;
                        startDate: number | null;
                        endDate: number | null;
                        image: string | null;
                        status: string;
                        createdAt: number;
                        updatedAt: number;
                        /** @description In the list (GET /admin/challenge) only, so an object read before and after a change compares equal */
                        completions?: {
                            /** @description Users who completed it */
                            total: number;
                            /** @description Of those, completed in the last 30 days (service time) */
                            last30Days: number;
                        };
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    getChallenge: {
        parameters: {
            query?: never;
            header?: {
                /** @description With the admin token: the project to act on (default: default) */
                "x-project-id"?: string;
            };
            path: {
                /** @description Id of the challenge */
                challengeId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        challengeId: string;
                        title: {
                            [key: string]: string;
                        };
                        description: {
                            [key: string]: string;
                        };
                        type: string;
                        eventId: string;
                        conditions: {
                            type: "AND" | "OR";
                            conditions: {
                                field: string;
                                operator: "equals" | "not_equals" | "greater_than" | "greater_than_or_equal" | "less_than" | "less_than_or_equal" | "contains" | "in" | "exists";
                                value?: (string | number | boolean) | (string | number)[];
                            }[];
                        } | null;
                        valueField: string | null;
                        goal: number;
                        points: number;
                        seriesId: string | null;
                        step: number | null;
                        isLastStep: boolean;
                        startDate: number | null;
                        endDate: number | null;
                        image: string | null;
                        status: string;
                        createdAt: number;
                        updatedAt: number;
                        /** @description In the list (GET /admin/challenge) only, so an object read before and after a change compares equal */
                        completions?: {
                            /** @description Users who completed it */
                            total: number;
                            /** @description Of those, completed in the last 30 days (service time) */
                            last30Days: number;
                        };
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    updateChallenge: {
        parameters: {
            query?: never;
            header?: {
                /** @description With the admin token: the project to act on (default: default) */
                "x-project-id"?: string;
                /** @description Makes a retry safe: a repeat with the same key and body gets the first response (24 hours) */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Id of the challenge */
                challengeId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    challengeId?: string;
                    /** @description Language code to text, e.g. { "de": "…", "en": "…" } */
                    title: {
                        [key: string]: string;
                    };
                    /** @description Language code to text, e.g. { "de": "…", "en": "…" } */
                    description?: {
                        [key: string]: string;
                    };
                    type?: "FIXED" | "SUM";
                    eventId: string;
                    conditions?: {
                        type: "AND" | "OR";
                        conditions: {
                            field: string;
                            operator: "equals" | "not_equals" | "greater_than" | "greater_than_or_equal" | "less_than" | "less_than_or_equal" | "contains" | "in" | "exists";
                            value?: (string | number | boolean) | (string | number)[];
                        }[];
                    } | null;
                    valueField?: string | null;
                    goal: number;
                    points?: number;
                    seriesId?: string | null;
                    step?: number | null;
                    isLastStep?: boolean;
                    /** @description Unix ms */
                    startDate?: number | null;
                    /** @description Unix ms */
                    endDate?: number | null;
                    image?: string | null;
                    status?: "ACTIVE" | "INACTIVE";
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        challengeId: string;
                        title: {
                            [key: string]: string;
                        };
                        description: {
                            [key: string]: string;
                        };
                        type: string;
                        eventId: string;
                        conditions: {
                            type: "AND" | "OR";
                            conditions: {
                                field: string;
                                operator: "equals" | "not_equals" | "greater_than" | "greater_than_or_equal" | "less_than" | "less_than_or_equal" | "contains" | "in" | "exists";
                                value?: (string | number | boolean) | (string | number)[];
                            }[];
                        } | null;
                        valueField: string | null;
                        goal: number;
                        points: number;
                        seriesId: string | null;
                        step: number | null;
                        isLastStep: boolean;
                        startDate: number | null;
                        endDate: number | null;
                        image: string | null;
                        status: string;
                        createdAt: number;
                        updatedAt: number;
                        /** @description In the list (GET /admin/challenge) only, so an object read before and after a change compares equal */
                        completions?: {
                            /** @description Users who completed it */
                            total: number;
                            /** @description Of those, completed in the last 30 days (service time) */
                            last30Days: number;
                        };
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    deleteChallenge: {
        parameters: {
            query?: never;
            header?: {
                /** @description With the admin token: the project to act on (default: default) */
                "x-project-id"?: string;
                /** @description Makes a retry safe: a repeat with the same key and body gets the first response (24 hours) */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Id of the challenge */
                challengeId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    listUserStreaks: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Client-chosen user id */
                userId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        streaks: {
                            userId: string;
                            streakId: string;
                            title: {
                                [key: string]: string;
                            };
                            /** @description Start of the first period of the current run, ms */
                            currentStartDate: number;
                            timeFrame: string;
                            currentCount: number;
                            longestStreak: number;
                            /** @description ISO 8601 time of the event that completed the latest period */
                            lastCompletedAt: string;
                            missedCount: number;
                            completedDates: string[];
                            milestonesClaimed: number[];
                            /** @description Streak freezes of the user */
                            freezes: {
                                /** @description Banked freezes */
                                available: number;
                                /** @description Freezes spent on missed periods */
                                used: number;
                            };
                            frozenDates: string[];
                        }[];
                        count: number;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    getUserStreak: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Client-chosen user id */
                userId: string;
                /** @description Id of the streak */
                streakId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        streak: {
                            userId: string;
                            streakId: string;
                            title: {
                                [key: string]: string;
                            };
                            /** @description Start of the first period of the current run, ms */
                            currentStartDate: number;
                            timeFrame: string;
                            currentCount: number;
                            longestStreak: number;
                            /** @description ISO 8601 time of the event that completed the latest period */
                            lastCompletedAt: string;
                            missedCount: number;
                            completedDates: string[];
                            milestonesClaimed: number[];
                            /** @description Streak freezes of the user */
                            freezes: {
                                /** @description Banked freezes */
                                available: number;
                                /** @description Freezes spent on missed periods */
                                used: number;
                            };
                            frozenDates: string[];
                        };
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    getStreakAnalytics: {
        parameters: {
            query: {
                /** @description Id of the streak */
                streakId: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        streakId: string;
                        totalParticipants: number;
                        /** @description Users whose run is still alive: they completed the current or the previous period */
                        activeParticipants: number;
                        /** @description Mean currentCount of the active participants */
                        averageStreakLength: number;
                        longestUserStreak: number;
                        /** @description Share of all participants who completed the current period */
                        completionRate: number;
                    } | null;
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    listStreaks: {
        parameters: {
            query?: never;
            header?: {
                /** @description With the admin token: the project to act on (default: default) */
                "x-project-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        streakId: string;
                        title: {
                            [key: string]: string;
                        };
                        description: {
                            [key: string]: string;
                        };
                        timeFrame: string;
                        eventIds: string[];
                        milestones: {
                            count: number;
                            points: number;
                        }[];
                        /** @description null: the streak has no freezes */
                        freezes: {
                            max: number;
                            earnEveryMilestone: boolean;
                        } | null;
                        status: string;
                        createdAt: number;
                        updatedAt: number;
                    }[];
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    createStreak: {
        parameters: {
            query?: never;
            header?: {
                /** @description With the admin token: the project to act on (default: default) */
                "x-project-id"?: string;
                /** @description Makes a retry safe: a repeat with the same key and body gets the first response (24 hours) */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    streakId?: string;
                    /** @description Language code to text, e.g. { "de": "…", "en": "…" } */
                    title: {
                        [key: string]: string;
                    };
                    /** @description Language code to text, e.g. { "de": "…", "en": "…" } */
                    description?: {
                        [key: string]: string;
                    };
                    timeFrame: "daily" | "weekly" | "monthly";
                    eventIds: string[];
                    milestones?: {
                        count: number;
                        points: number;
                    }[];
                    /** @description Streak freezes: a banked freeze covers a missed period automatically */
                    freezes?: {
                        /** @description Most freezes a user can bank */
                        max: number;
                        /** @description Each milestone reached earns one freeze (up to max); default false */
                        earnEveryMilestone?: boolean;
                    } | null;
                    status?: "ACTIVE" | "INACTIVE";
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        streakId: string;
                        title: {
                            [key: string]: string;
                        };
                        description: {
                            [key: string]: string;
                        };
                        timeFrame: string;
                        eventIds: string[];
                        milestones: {
                            count: number;
                            points: number;
                        }[];
                        /** @description null: the streak has no freezes */
                        freezes: {
                            max: number;
                            earnEveryMilestone: boolean;
                        } | null;
                        status: string;
                        createdAt: number;
                        updatedAt: number;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    getStreak: {
        parameters: {
            query?: never;
            header?: {
                /** @description With the admin token: the project to act on (default: default) */
                "x-project-id"?: string;
            };
            path: {
                /** @description Id of the streak */
                streakId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        streakId: string;
                        title: {
                            [key: string]: string;
                        };
                        description: {
                            [key: string]: string;
                        };
                        timeFrame: string;
                        eventIds: string[];
                        milestones: {
                            count: number;
                            points: number;
                        }[];
                        /** @description null: the streak has no freezes */
                        freezes: {
                            max: number;
                            earnEveryMilestone: boolean;
                        } | null;
                        status: string;
                        createdAt: number;
                        updatedAt: number;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    updateStreak: {
        parameters: {
            query?: never;
            header?: {
                /** @description With the admin token: the project to act on (default: default) */
                "x-project-id"?: string;
                /** @description Makes a retry safe: a repeat with the same key and body gets the first response (24 hours) */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Id of the streak */
                streakId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    streakId?: string;
                    /** @description Language code to text, e.g. { "de": "…", "en": "…" } */
                    title: {
                        [key: string]: string;
                    };
                    /** @description Language code to text, e.g. { "de": "…", "en": "…" } */
                    description?: {
                        [key: string]: string;
                    };
                    timeFrame: "daily" | "weekly" | "monthly";
                    eventIds: string[];
                    milestones?: {
                        count: number;
                        points: number;
                    }[];
                    /** @description Streak freezes: a banked freeze covers a missed period automatically */
                    freezes?: {
                        /** @description Most freezes a user can bank */
                        max: number;
                        /** @description Each milestone reached earns one freeze (up to max); default false */
                        earnEveryMilestone?: boolean;
                    } | null;
                    status?: "ACTIVE" | "INACTIVE";
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        streakId: string;
                        title: {
                            [key: string]: string;
                        };
                        description: {
                            [key: string]: string;
                        };
                        timeFrame: string;
                        eventIds: string[];
                        milestones: {
                            count: number;
                            points: number;
                        }[];
                        /** @description null: the streak has no freezes */
                        freezes: {
                            max: number;
                            earnEveryMilestone: boolean;
                        } | null;
                        status: string;
                        createdAt: number;
                        updatedAt: number;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    deleteStreak: {
        parameters: {
            query?: never;
            header?: {
                /** @description With the admin token: the project to act on (default: default) */
                "x-project-id"?: string;
                /** @description Makes a retry safe: a repeat with the same key and body gets the first response (24 hours) */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Id of the streak */
                streakId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    grantStreakFreezes: {
        parameters: {
            query?: never;
            header?: {
                /** @description With the admin token: the project to act on (default: default) */
                "x-project-id"?: string;
                /** @description Makes a retry safe: a repeat with the same key and body gets the first response (24 hours) */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Client-chosen user id */
                userId: string;
                /** @description Id of the streak */
                streakId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Freezes to bank; the bank never exceeds the streak's max */
                    count: number;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        userId: string;
                        streakId: string;
                        /** @description Freezes actually banked (count, cut at the max) */
                        granted: number;
                        freezes: {
                            available: number;
                            used: number;
                            max: number;
                        };
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    listEventDefinitions: {
        parameters: {
            query?: {
                /** @description true: every event; false: only ACTIVE ones */
                showAll?: boolean;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        eventId: string;
                        title: string;
                        description: string;
                        status: string;
                        type: string;
                        reward: {
                            [key: string]: number;
                        };
                        rewardValueField: string | null;
                        limit: number | null;
                        limitPeriod: string;
                        maximumReward: number | null;
                        conditions: {
                            type: string;
                            conditions: {
                                field: string;
                                operator: string;
                                value?: unknown;
                            }[];
                        } | null;
                        metadataFields: {
                            key: string;
                            type: string;
                            required: boolean;
                        }[];
                        requiresApiKey: boolean;
                        image: string | null;
                        /** @description Days the points are held pending (0: available at once) */
                        pendingDays: number;
                        createdAt: number;
                        updatedAt: number;
                    }[];
                };
            };
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    logEvent: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: a repeat with the same key and body gets the first response (24 hours) */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    eventId: string;
                    /** @description Client-chosen user id */
                    userId: string;
                    /** @description At most 10 keys of 1–64 characters, not __proto__, constructor or prototype (else 400 INVALID_METADATA_KEY); values string, number, boolean or an array of strings (usergroup). Numbers are decimals as written: TRANSACTION rewards and SUM challenges use them exactly. */
                    metadata?: {
                        [key: string]: string | number | boolean | string[];
                    };
                    timestamp?: string | number;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "statusCode": 200,
                     *       "success": true,
                     *       "message": "Event erfolgreich geloggt",
                     *       "data": {
                     *         "userId": "alice",
                     *         "eventId": "purchase",
                     *         "points": 50,
                     *         "pointsAwarded": 50,
                     *         "type": "purchase",
                     *         "title": "Purchase",
                     *         "limit": null,
                     *         "maximumReward": 100,
                     *         "metadata": {
                     *           "amount": 42,
                     *           "store": "berlin-mitte"
                     *         },
                     *         "conditionReached": true,
                     *         "limitReached": false,
                     *         "userGroupId": "default",
                     *         "timestamp": 1795337123000,
                     *         "streaks": [
                     *           {
                     *             "streakId": "daily-shopper",
                     *             "currentCount": 3,
                     *             "lastUpdate": "2026-11-22",
                     *             "milestoneReached": false,
                     *             "pointsAwarded": 0
                     *           }
                     *         ],
                     *         "challenges": [
                     *           {
                     *             "challengeId": "five-purchases",
                     *             "progress": 5,
                     *             "goal": 5,
                     *             "completed": true,
                     *             "pointsAwarded": 200
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": {
                        statusCode: number;
                        success: boolean;
                        message: string;
                        data: {
                            userId: string;
                            eventId: string;
                            points: number;
                            pointsAwarded: number;
                            type: string;
                            title: string;
                            limit: number | null;
                            maximumReward: number | null;
                            metadata: {
                                [key: string]: unknown;
                            };
                            conditionReached: boolean;
                            limitReached: boolean;
                            userGroupId: string;
                            timestamp: number;
                            streaks: {
                                streakId: string;
                                currentCount: number;
                                lastUpdate: string;
                                milestoneReached: boolean;
                                pointsAwarded: number;
                            }[];
                            challenges: {
                                challengeId: string;
                                progress: number;
                                goal: number;
                                completed: boolean;
                                pointsAwarded: number;
                            }[];
                        };
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    logEvents: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: a repeat with the same key and body gets the first response (24 hours) */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Up to 1000 events, each a POST /event body; applied in this order */
                    events: unknown[];
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        results: ({
                            statusCode: number;
                            success: boolean;
                            message: string;
                            data: {
                                userId: string;
                                eventId: string;
                                points: number;
                                pointsAwarded: number;
                                type: string;
                                title: string;
                                limit: number | null;
                                maximumReward: number | null;
                                metadata: {
                                    [key: string]: unknown;
                                };
                                conditionReached: boolean;
                                limitReached: boolean;
                                userGroupId: string;
                                timestamp: number;
                                streaks: {
                                    streakId: string;
                                    currentCount: number;
                                    lastUpdate: string;
                                    milestoneReached: boolean;
                                    pointsAwarded: number;
                                }[];
                                challenges: {
                                    challengeId: string;
                                    progress: number;
                                    goal: number;
                                    completed: boolean;
                                    pointsAwarded: number;
                                }[];
                            };
                        } | {
                            statusCode: number;
                            error: string;
                            message: string;
                            code: string;
                        })[];
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    getEventDefinition: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Id of the event definition */
                eventId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        eventId: string;
                        title: string;
                        description: string;
                        status: string;
                        type: string;
                        reward: {
                            [key: string]: number;
                        };
                        rewardValueField: string | null;
                        limit: number | null;
                        limitPeriod: string;
                        maximumReward: number | null;
                        conditions: {
                            type: string;
                            conditions: {
                                field: string;
                                operator: string;
                                value?: unknown;
                            }[];
                        } | null;
                        metadataFields: {
                            key: string;
                            type: string;
                            required: boolean;
                        }[];
                        requiresApiKey: boolean;
                        image: string | null;
                        /** @description Days the points are held pending (0: available at once) */
                        pendingDays: number;
                        createdAt: number;
                        updatedAt: number;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    listAdminEventDefinitions: {
        parameters: {
            query?: never;
            header?: {
                /** @description With the admin token: the project to act on (default: default) */
                "x-project-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        eventId: string;
                        title: string;
                        description: string;
                        status: string;
                        type: string;
                        reward: {
                            [key: string]: number;
                        };
                        rewardValueField: string | null;
                        limit: number | null;
                        limitPeriod: string;
                        maximumReward: number | null;
                        conditions: {
                            type: string;
                            conditions: {
                                field: string;
                                operator: string;
                                value?: unknown;
                            }[];
                        } | null;
                        metadataFields: {
                            key: string;
                            type: string;
                            required: boolean;
                        }[];
                        requiresApiKey: boolean;
                        image: string | null;
                        /** @description Days the points are held pending (0: available at once) */
                        pendingDays: number;
                        createdAt: number;
                        updatedAt: number;
                    }[];
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    createEventDefinition: {
        parameters: {
            query?: never;
            header?: {
                /** @description With the admin token: the project to act on (default: default) */
                "x-project-id"?: string;
                /** @description Makes a retry safe: a repeat with the same key and body gets the first response (24 hours) */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    eventId?: string;
                    title: string;
                    description?: string;
                    status?: "ACTIVE" | "INACTIVE";
                    type?: "FIXED" | "TRANSACTION" | "CONDITIONAL";
                    /** @description default and userGroupId → non-negative reward */
                    reward?: {
                        default: number;
                    } & {
                        [key: string]: number;
                    };
                    rewardValueField?: string | null;
                    limit?: number | null;
                    limitPeriod?: "daily" | "weekly" | "monthly" | "lifetime";
                    maximumReward?: number | null;
                    conditions?: {
                        type: "AND" | "OR";
                        conditions: {
                            field: string;
                            operator: "equals" | "not_equals" | "greater_than" | "greater_than_or_equal" | "less_than" | "less_than_or_equal" | "contains" | "in" | "exists";
                            value?: (string | number | boolean) | (string | number)[];
                        }[];
                    } | null;
                    metadataFields?: {
                        key: string;
                        type: "string" | "number" | "boolean" | "array";
                        required?: boolean;
                    }[];
                    requiresApiKey?: boolean;
                    image?: string | null;
                    /** @description Points are held pending (not spendable, not on boards) until the end of the UTC day this many days after the event (default 0: available at once) */
                    pendingDays?: number;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        eventId: string;
                        title: string;
                        description: string;
                        status: string;
                        type: string;
                        reward: {
                            [key: string]: number;
                        };
                        rewardValueField: string | null;
                        limit: number | null;
                        limitPeriod: string;
                        maximumReward: number | null;
                        conditions: {
                            type: string;
                            conditions: {
                                field: string;
                                operator: string;
                                value?: unknown;
                            }[];
                        } | null;
                        metadataFields: {
                            key: string;
                            type: string;
                            required: boolean;
                        }[];
                        requiresApiKey: boolean;
                        image: string | null;
                        /** @description Days the points are held pending (0: available at once) */
                        pendingDays: number;
                        createdAt: number;
                        updatedAt: number;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    getAdminEventDefinition: {
        parameters: {
            query?: never;
            header?: {
                /** @description With the admin token: the project to act on (default: default) */
                "x-project-id"?: string;
            };
            path: {
                /** @description Id of the event definition */
                eventId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        eventId: string;
                        title: string;
                        description: string;
                        status: string;
                        type: string;
                        reward: {
                            [key: string]: number;
                        };
                        rewardValueField: string | null;
                        limit: number | null;
                        limitPeriod: string;
                        maximumReward: number | null;
                        conditions: {
                            type: string;
                            conditions: {
                                field: string;
                                operator: string;
                                value?: unknown;
                            }[];
                        } | null;
                        metadataFields: {
                            key: string;
                            type: string;
                            required: boolean;
                        }[];
                        requiresApiKey: boolean;
                        image: string | null;
                        /** @description Days the points are held pending (0: available at once) */
                        pendingDays: number;
                        createdAt: number;
                        updatedAt: number;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    updateEventDefinition: {
        parameters: {
            query?: never;
            header?: {
                /** @description With the admin token: the project to act on (default: default) */
                "x-project-id"?: string;
                /** @description Makes a retry safe: a repeat with the same key and body gets the first response (24 hours) */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Id of the event definition */
                eventId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    eventId?: string;
                    title: string;
                    description?: string;
                    status?: "ACTIVE" | "INACTIVE";
                    type?: "FIXED" | "TRANSACTION" | "CONDITIONAL";
                    /** @description default and userGroupId → non-negative reward */
                    reward?: {
                        default: number;
                    } & {
                        [key: string]: number;
                    };
                    rewardValueField?: string | null;
                    limit?: number | null;
                    limitPeriod?: "daily" | "weekly" | "monthly" | "lifetime";
                    maximumReward?: number | null;
                    conditions?: {
                        type: "AND" | "OR";
                        conditions: {
                            field: string;
                            operator: "equals" | "not_equals" | "greater_than" | "greater_than_or_equal" | "less_than" | "less_than_or_equal" | "contains" | "in" | "exists";
                            value?: (string | number | boolean) | (string | number)[];
                        }[];
                    } | null;
                    metadataFields?: {
                        key: string;
                        type: "string" | "number" | "boolean" | "array";
                        required?: boolean;
                    }[];
                    requiresApiKey?: boolean;
                    image?: string | null;
                    /** @description Points are held pending (not spendable, not on boards) until the end of the UTC day this many days after the event (default 0: available at once) */
                    pendingDays?: number;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        eventId: string;
                        title: string;
                        description: string;
                        status: string;
                        type: string;
                        reward: {
                            [key: string]: number;
                        };
                        rewardValueField: string | null;
                        limit: number | null;
                        limitPeriod: string;
                        maximumReward: number | null;
                        conditions: {
                            type: string;
                            conditions: {
                                field: string;
                                operator: string;
                                value?: unknown;
                            }[];
                        } | null;
                        metadataFields: {
                            key: string;
                            type: string;
                            required: boolean;
                        }[];
                        requiresApiKey: boolean;
                        image: string | null;
                        /** @description Days the points are held pending (0: available at once) */
                        pendingDays: number;
                        createdAt: number;
                        updatedAt: number;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    deleteEventDefinition: {
        parameters: {
            query?: never;
            header?: {
                /** @description With the admin token: the project to act on (default: default) */
                "x-project-id"?: string;
                /** @description Makes a retry safe: a repeat with the same key and body gets the first response (24 hours) */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Id of the event definition */
                eventId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    listEventLog: {
        parameters: {
            query?: {
                /** @description Client-chosen user id */
                userId?: string;
                /** @description Id of the event definition */
                eventId?: string;
                /** @description AWARDED: the event counted (its points, maybe 0); CONDITION_FAILED: its conditions did not hold; LIMIT_REACHED: over its completion limit; REJECTED: the call was refused with a 4xx */
                outcome?: "AWARDED" | "CONDITION_FAILED" | "LIMIT_REACHED" | "REJECTED";
                /** @description Entries received at or after this time (Unix ms) */
                from?: number;
                /** @description Entries received before this time (Unix ms) */
                to?: number;
                /** @description nextCursor of the previous page */
                cursor?: string;
                /** @description Entries per page */
                limit?: number;
            };
            header?: {
                /** @description With the admin token: the project to act on (default: default) */
                "x-project-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description Cursor of the next page (pass it as cursor); absent on the last page */
                    "x-next-cursor"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        entries: {
                            /** @description When the service received the call, Unix ms */
                            at: number;
                            /** @description Null when a rejected call named no valid userId */
                            userId: string | null;
                            eventId: string | null;
                            /** @description AWARDED: the event counted (its points, maybe 0); CONDITION_FAILED: its conditions did not hold; LIMIT_REACHED: over its completion limit; REJECTED: the call was refused with a 4xx */
                            outcome: "AWARDED" | "CONDITION_FAILED" | "LIMIT_REACHED" | "REJECTED";
                            /** @description Why, in words: "12 points awarded", "condition amount ≥ 50 failed: got 10", "limit 1 per day reached", the error message of a rejection */
                            reason: string;
                            /** @description Points the event awarded */
                            points: number;
                            /** @description The metadata sent (null when absent or too large to keep) */
                            metadata: {
                                [key: string]: unknown;
                            } | null;
                            /** @description HTTP status the caller got (200, or the 4xx of a rejection) */
                            status: number;
                            /** @description Error code of a rejection, else null */
                            code: string | null;
                        }[];
                        /** @description Cursor of the next (older) page; null on the last page */
                        nextCursor: string | null;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    getShop: {
        parameters: {
            query?: {
                /** @description true adds the part; anything else (default false) leaves it out */
                includeStatistics?: string;
            };
            header?: never;
            path: {
                /** @description Id of the shop */
                shopId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        shopId: string;
                        name: string;
                        status: string;
                        logo: string | null;
                        image: string | null;
                        description: {
                            [key: string]: string;
                        };
                        createdAt: number;
                        updatedAt: number;
                        statistics?: {
                            offers: number;
                            redeemed: number;
                            used: number;
                        };
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    getOffer: {
        parameters: {
            query?: {
                /** @description true adds the part; anything else (default false) leaves it out */
                includeStatistics?: string;
                /** @description true adds the part; anything else (default false) leaves it out */
                includeShop?: string;
            };
            header?: never;
            path: {
                /** @description Id of the offer */
                offerId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        offer: {
                            offerId: string;
                            type: string;
                            points: number;
                            title: {
                                [key: string]: string;
                            };
                            description: {
                                [key: string]: string;
                            };
                            category: string | null;
                            shopId: string | null;
                            image: string | null;
                            monthlyLimit: number | null;
                            totalLimit: number | null;
                            perUserLimit: number | null;
                            validFrom: number | null;
                            validUntil: number | null;
                            status: string;
                            couponValidityDays: number;
                            /** @description The tiers the offer is limited to; null: everyone */
                            tiers: string[] | null;
                            /** @description Type STREAK_FREEZE: the streak a redemption banks a freeze on; null for other offers */
                            streakId: string | null;
                            createdAt: number;
                            updatedAt: number;
                        };
                        statistics?: {
                            /** @description YYYY-MM (UTC) of now */
                            month: string;
                            redeemed: number;
                            limit: number | null;
                            remaining: number | null;
                        };
                        totalStatistics?: {
                            redeemed: number;
                            /** @description Coupons of this offer that were redeemed (used) */
                            used: number;
                            /** @description Coupons of this offer still usable: not used, not expired */
                            valid: number;
                            limit: number | null;
                            remaining: number | null;
                        };
                        shop?: {
                            shopId: string;
                            name: string;
                            status: string;
                            logo: string | null;
                            image: string | null;
                            description: {
                                [key: string]: string;
                            };
                            createdAt: number;
                            updatedAt: number;
                            statistics?: {
                                offers: number;
                                redeemed: number;
                                used: number;
                            };
                        } | null;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    getUserOfferFeed: {
        parameters: {
            query?: {
                /** @description Only offers of this type */
                type?: string;
            };
            header?: never;
            path: {
                /** @description Client-chosen user id */
                userId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        offerId: string;
                        type: string;
                        points: number;
                        title: {
                            [key: string]: string;
                        };
                        description: {
                            [key: string]: string;
                        };
                        category: string | null;
                        shopId: string | null;
                        image: string | null;
                        monthlyLimit: number | null;
                        totalLimit: number | null;
                        perUserLimit: number | null;
                        validFrom: number | null;
                        validUntil: number | null;
                        status: string;
                        couponValidityDays: number;
                        /** @description The tiers the offer is limited to; null: everyone */
                        tiers: string[] | null;
                        /** @description Type STREAK_FREEZE: the streak a redemption banks a freeze on; null for other offers */
                        streakId: string | null;
                        createdAt: number;
                        updatedAt: number;
                    }[];
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    redeemOffer: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: a repeat with the same key and body gets the first response (24 hours) */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Client-chosen user id */
                userId: string;
                /** @description Id of the offer */
                offerId: string;
            };
            cookie?: never;
        };
        /** @description Passed on to the redeem logic; metadata is stored with the redemption. metadata.quantity (integer 1–100, default 1) redeems that many units at once: points × quantity, every limit counts units, one coupon per unit; refused whole when any unit is refused (400 INVALID_QUANTITY for another value). */
        requestBody: {
            content: {
                "application/json": {
                    /** @description Free-form object: at most 50 keys, nested at most 5 levels, at most 8192 bytes as JSON */
                    metadata?: {
                        [key: string]: unknown;
                    };
                } & {
                    [key: string]: unknown;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        data: {
                            userId: string;
                            offerId: string;
                            /** @description Units redeemed (metadata.quantity, default 1) */
                            quantity?: number;
                            /** @description The offer’s points × quantity */
                            pointsSpent: number;
                            balance: number;
                            /** @description The redemption of the first unit */
                            redemptionId: string;
                            /** @description The coupon of the first unit (null for a streak freeze) */
                            coupon: {
                                /** @description USER#<userId>#COUPON */
                                PK: string;
                                /** @description COUPON#<couponKey>; the internal coupon id */
                                SK: string;
                                couponKey: string;
                                userId: string;
                                title: string;
                                description: string;
                                validUntil: number;
                                redeemed: boolean;
                                redeemedAt: number | null;
                                /** @description Free-form object: at most 50 keys, nested at most 5 levels, at most 8192 bytes as JSON */
                                metadata: {
                                    [key: string]: unknown;
                                };
                                offerId: string | null;
                                createdAt: number;
                            } | null;
                            /** @description One coupon per unit redeemed, in order */
                            coupons?: {
                                /** @description USER#<userId>#COUPON */
                                PK: string;
                                /** @description COUPON#<couponKey>; the internal coupon id */
                                SK: string;
                                couponKey: string;
                                userId: string;
                                title: string;
                                description: string;
                                validUntil: number;
                                redeemed: boolean;
                                redeemedAt: number | null;
                                /** @description Free-form object: at most 50 keys, nested at most 5 levels, at most 8192 bytes as JSON */
                                metadata: {
                                    [key: string]: unknown;
                                };
                                offerId: string | null;
                                createdAt: number;
                            }[];
                            /** @description Type STREAK_FREEZE: the bank of the streak after the freeze was added */
                            freeze?: {
                                streakId: string;
                                available: number;
                                used: number;
                            };
                        };
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    getOfferRedeemable: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Client-chosen user id */
                userId: string;
                /** @description Id of the offer */
                offerId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        redeemable: boolean;
                        reason: "INSUFFICIENT_POINTS" | "OFFER_INACTIVE" | "OFFER_EXPIRED" | "MONTHLY_LIMIT_REACHED" | "TOTAL_LIMIT_REACHED" | "USER_LIMIT_REACHED" | "TIER_REQUIRED" | "FREEZE_BANK_FULL" | "STREAK_UNAVAILABLE" | (never | null);
                        /** @description Balance of the user */
                        points: number;
                        /** @description Points the offer costs */
                        cost: number;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    listOffers: {
        parameters: {
            query?: never;
            header?: {
                /** @description With the admin token: the project to act on (default: default) */
                "x-project-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": ({
                        offerId: string;
                        type: string;
                        points: number;
                        title: {
                            [key: string]: string;
                        };
                        description: {
                            [key: string]: string;
                        };
                        category: string | null;
                        shopId: string | null;
                        image: string | null;
                        monthlyLimit: number | null;
                        totalLimit: number | null;
                        perUserLimit: number | null;
                        validFrom: number | null;
                        validUntil: number | null;
                        status: string;
                        couponValidityDays: number;
                        /** @description The tiers the offer is limited to; null: everyone */
                        tiers: string[] | null;
                        /** @description Type STREAK_FREEZE: the streak a redemption banks a freeze on; null for other offers */
                        streakId: string | null;
                        createdAt: number;
                        updatedAt: number;
                    } & {
                        statistics: {
                            /** @description YYYY-MM (UTC) of now */
                            month: string;
                            redeemed: number;
                            limit: number | null;
                            remaining: number | null;
                        };
                        totalStatistics: {
                            redeemed: number;
                            /** @description Coupons of this offer that were redeemed (used) */
                            used: number;
                            /** @description Coupons of this offer still usable: not used, not expired */
                            valid: number;
                            limit: number | null;
                            remaining: number | null;
                        };
                    })[];
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    createOffer: {
        parameters: {
            query?: never;
            header?: {
                /** @description With the admin token: the project to act on (default: default) */
                "x-project-id"?: string;
                /** @description Makes a retry safe: a repeat with the same key and body gets the first response (24 hours) */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    offerId?: string;
                    /** @description e.g. LOCAL, ONLINE; default ONLINE. STREAK_FREEZE: redeeming banks one freeze on `streakId` instead of issuing a coupon */
                    type?: string;
                    streakId?: string | null;
                    /** @description Cost in points */
                    points: number;
                    title: {
                        [key: string]: string;
                    };
                    /** @description Language code to text, e.g. { "de": "…", "en": "…" } */
                    description?: {
                        [key: string]: string;
                    };
                    category?: string | null;
                    shopId?: string | null;
                    image?: string | null;
                    monthlyLimit?: number | null;
                    totalLimit?: number | null;
                    perUserLimit?: number | null;
                    /** @description Unix ms */
                    validFrom?: number | null;
                    /** @description Unix ms */
                    validUntil?: number | null;
                    status?: "ACTIVE" | "INACTIVE";
                    /** @description default 30 */
                    couponValidityDays?: number;
                    /** @description Only users in one of these tiers may redeem (others: TIER_REQUIRED); null or absent: everyone */
                    tiers?: string[] | null;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        offerId: string;
                        type: string;
                        points: number;
                        title: {
                            [key: string]: string;
                        };
                        description: {
                            [key: string]: string;
                        };
                        category: string | null;
                        shopId: string | null;
                        image: string | null;
                        monthlyLimit: number | null;
                        totalLimit: number | null;
                        perUserLimit: number | null;
                        validFrom: number | null;
                        validUntil: number | null;
                        status: string;
                        couponValidityDays: number;
                        /** @description The tiers the offer is limited to; null: everyone */
                        tiers: string[] | null;
                        /** @description Type STREAK_FREEZE: the streak a redemption banks a freeze on; null for other offers */
                        streakId: string | null;
                        createdAt: number;
                        updatedAt: number;
                    } & {
                        statistics: {
                            /** @description YYYY-MM (UTC) of now */
                            month: string;
                            redeemed: number;
                            limit: number | null;
                            remaining: number | null;
                        };
                        totalStatistics: {
                            redeemed: number;
                            /** @description Coupons of this offer that were redeemed (used) */
                            used: number;
                            /** @description Coupons of this offer still usable: not used, not expired */
                            valid: number;
                            limit: number | null;
                            remaining: number | null;
                        };
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    getAdminOffer: {
        parameters: {
            query?: never;
            header?: {
                /** @description With the admin token: the project to act on (default: default) */
                "x-project-id"?: string;
            };
            path: {
                /** @description Id of the offer */
                offerId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        offerId: string;
                        type: string;
                        points: number;
                        title: {
                            [key: string]: string;
                        };
                        description: {
                            [key: string]: string;
                        };
                        category: string | null;
                        shopId: string | null;
                        image: string | null;
                        monthlyLimit: number | null;
                        totalLimit: number | null;
                        perUserLimit: number | null;
                        validFrom: number | null;
                        validUntil: number | null;
                        status: string;
                        couponValidityDays: number;
                        /** @description The tiers the offer is limited to; null: everyone */
                        tiers: string[] | null;
                        /** @description Type STREAK_FREEZE: the streak a redemption banks a freeze on; null for other offers */
                        streakId: string | null;
                        createdAt: number;
                        updatedAt: number;
                    } & {
                        statistics: {
                            /** @description YYYY-MM (UTC) of now */
                            month: string;
                            redeemed: number;
                            limit: number | null;
                            remaining: number | null;
                        };
                        totalStatistics: {
                            redeemed: number;
                            /** @description Coupons of this offer that were redeemed (used) */
                            used: number;
                            /** @description Coupons of this offer still usable: not used, not expired */
                            valid: number;
                            limit: number | null;
                            remaining: number | null;
                        };
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    updateOffer: {
        parameters: {
            query?: never;
            header?: {
                /** @description With the admin token: the project to act on (default: default) */
                "x-project-id"?: string;
                /** @description Makes a retry safe: a repeat with the same key and body gets the first response (24 hours) */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Id of the offer */
                offerId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    offerId?: string;
                    /** @description e.g. LOCAL, ONLINE; default ONLINE. STREAK_FREEZE: redeeming banks one freeze on `streakId` instead of issuing a coupon */
                    type?: string;
                    streakId?: string | null;
                    /** @description Cost in points */
                    points: number;
                    title: {
                        [key: string]: string;
                    };
                    /** @description Language code to text, e.g. { "de": "…", "en": "…" } */
                    description?: {
                        [key: string]: string;
                    };
                    category?: string | null;
                    shopId?: string | null;
                    image?: string | null;
                    monthlyLimit?: number | null;
                    totalLimit?: number | null;
                    perUserLimit?: number | null;
                    /** @description Unix ms */
                    validFrom?: number | null;
                    /** @description Unix ms */
                    validUntil?: number | null;
                    status?: "ACTIVE" | "INACTIVE";
                    /** @description default 30 */
                    couponValidityDays?: number;
                    /** @description Only users in one of these tiers may redeem (others: TIER_REQUIRED); null or absent: everyone */
                    tiers?: string[] | null;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        offerId: string;
                        type: string;
                        points: number;
                        title: {
                            [key: string]: string;
                        };
                        description: {
                            [key: string]: string;
                        };
                        category: string | null;
                        shopId: string | null;
                        image: string | null;
                        monthlyLimit: number | null;
                        totalLimit: number | null;
                        perUserLimit: number | null;
                        validFrom: number | null;
                        validUntil: number | null;
                        status: string;
                        couponValidityDays: number;
                        /** @description The tiers the offer is limited to; null: everyone */
                        tiers: string[] | null;
                        /** @description Type STREAK_FREEZE: the streak a redemption banks a freeze on; null for other offers */
                        streakId: string | null;
                        createdAt: number;
                        updatedAt: number;
                    } & {
                        statistics: {
                            /** @description YYYY-MM (UTC) of now */
                            month: string;
                            redeemed: number;
                            limit: number | null;
                            remaining: number | null;
                        };
                        totalStatistics: {
                            redeemed: number;
                            /** @description Coupons of this offer that were redeemed (used) */
                            used: number;
                            /** @description Coupons of this offer still usable: not used, not expired */
                            valid: number;
                            limit: number | null;
                            remaining: number | null;
                        };
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    deleteOffer: {
        parameters: {
            query?: never;
            header?: {
                /** @description With the admin token: the project to act on (default: default) */
                "x-project-id"?: string;
                /** @description Makes a retry safe: a repeat with the same key and body gets the first response (24 hours) */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Id of the offer */
                offerId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    listShops: {
        parameters: {
            query?: never;
            header?: {
                /** @description With the admin token: the project to act on (default: default) */
                "x-project-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        shopId: string;
                        name: string;
                        status: string;
                        logo: string | null;
                        image: string | null;
                        description: {
                            [key: string]: string;
                        };
                        createdAt: number;
                        updatedAt: number;
                        statistics?: {
                            offers: number;
                            redeemed: number;
                            used: number;
                        };
                    }[];
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    createShop: {
        parameters: {
            query?: never;
            header?: {
                /** @description With the admin token: the project to act on (default: default) */
                "x-project-id"?: string;
                /** @description Makes a retry safe: a repeat with the same key and body gets the first response (24 hours) */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    shopId?: string;
                    name: string;
                    status?: "ACTIVE" | "INACTIVE";
                    logo?: string | null;
                    image?: string | null;
                    /** @description Language code to text, e.g. { "de": "…", "en": "…" } */
                    description?: {
                        [key: string]: string;
                    };
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        shopId: string;
                        name: string;
                        status: string;
                        logo: string | null;
                        image: string | null;
                        description: {
                            [key: string]: string;
                        };
                        createdAt: number;
                        updatedAt: number;
                        statistics?: {
                            offers: number;
                            redeemed: number;
                            used: number;
                        };
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    getAdminShop: {
        parameters: {
            query?: never;
            header?: {
                /** @description With the admin token: the project to act on (default: default) */
                "x-project-id"?: string;
            };
            path: {
                /** @description Id of the shop */
                shopId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        shopId: string;
                        name: string;
                        status: string;
                        logo: string | null;
                        image: string | null;
                        description: {
                            [key: string]: string;
                        };
                        createdAt: number;
                        updatedAt: number;
                        statistics?: {
                            offers: number;
                            redeemed: number;
                            used: number;
                        };
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    updateShop: {
        parameters: {
            query?: never;
            header?: {
                /** @description With the admin token: the project to act on (default: default) */
                "x-project-id"?: string;
                /** @description Makes a retry safe: a repeat with the same key and body gets the first response (24 hours) */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Id of the shop */
                shopId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    shopId?: string;
                    name: string;
                    status?: "ACTIVE" | "INACTIVE";
                    logo?: string | null;
                    image?: string | null;
                    /** @description Language code to text, e.g. { "de": "…", "en": "…" } */
                    description?: {
                        [key: string]: string;
                    };
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        shopId: string;
                        name: string;
                        status: string;
                        logo: string | null;
                        image: string | null;
                        description: {
                            [key: string]: string;
                        };
                        createdAt: number;
                        updatedAt: number;
                        statistics?: {
                            offers: number;
                            redeemed: number;
                            used: number;
                        };
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    deleteShop: {
        parameters: {
            query?: never;
            header?: {
                /** @description With the admin token: the project to act on (default: default) */
                "x-project-id"?: string;
                /** @description Makes a retry safe: a repeat with the same key and body gets the first response (24 hours) */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Id of the shop */
                shopId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    listUserCoupons: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Client-chosen user id */
                userId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description USER#<userId>#COUPON */
                        PK: string;
                        /** @description COUPON#<couponKey>; the internal coupon id */
                        SK: string;
                        couponKey: string;
                        userId: string;
                        title: string;
                        description: string;
                        validUntil: number;
                        redeemed: boolean;
                        redeemedAt: number | null;
                        /** @description Free-form object: at most 50 keys, nested at most 5 levels, at most 8192 bytes as JSON */
                        metadata: {
                            [key: string]: unknown;
                        };
                        offerId: string | null;
                        createdAt: number;
                    }[];
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    useCoupon: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: a repeat with the same key and body gets the first response (24 hours) */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Client-chosen user id */
                userId: string;
                /** @description Id of the coupon (its couponKey) */
                couponId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Client-chosen user id */
                    userId?: string;
                    /** @description The coupon SK (COUPON#<couponKey>); selects the coupon */
                    SK: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        redeemed: boolean;
                        userId: string;
                        SK: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    listCoupons: {
        parameters: {
            query?: {
                /** @description Client-chosen user id */
                userId?: string;
                /** @description Page size */
                limit?: number;
            };
            header?: {
                /** @description With the admin token: the project to act on (default: default) */
                "x-project-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description USER#<userId>#COUPON */
                        PK: string;
                        /** @description COUPON#<couponKey>; the internal coupon id */
                        SK: string;
                        couponKey: string;
                        userId: string;
                        title: string;
                        description: string;
                        validUntil: number;
                        redeemed: boolean;
                        redeemedAt: number | null;
                        /** @description Free-form object: at most 50 keys, nested at most 5 levels, at most 8192 bytes as JSON */
                        metadata: {
                            [key: string]: unknown;
                        };
                        offerId: string | null;
                        createdAt: number;
                    }[];
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    issueCoupon: {
        parameters: {
            query?: never;
            header?: {
                /** @description With the admin token: the project to act on (default: default) */
                "x-project-id"?: string;
                /** @description Makes a retry safe: a repeat with the same key and body gets the first response (24 hours) */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    couponKey?: string;
                    /** @description Client-chosen user id */
                    userId: string;
                    title: string;
                    description?: string;
                    /** @description Unix ms */
                    validUntil: number;
                    /** @description Free-form object: at most 50 keys, nested at most 5 levels, at most 8192 bytes as JSON */
                    metadata?: {
                        [key: string]: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description USER#<userId>#COUPON */
                        PK: string;
                        /** @description COUPON#<couponKey>; the internal coupon id */
                        SK: string;
                        couponKey: string;
                        userId: string;
                        title: string;
                        description: string;
                        validUntil: number;
                        redeemed: boolean;
                        redeemedAt: number | null;
                        /** @description Free-form object: at most 50 keys, nested at most 5 levels, at most 8192 bytes as JSON */
                        metadata: {
                            [key: string]: unknown;
                        };
                        offerId: string | null;
                        createdAt: number;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    getCoupon: {
        parameters: {
            query?: never;
            header?: {
                /** @description With the admin token: the project to act on (default: default) */
                "x-project-id"?: string;
            };
            path: {
                /** @description Key of the coupon */
                couponKey: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description USER#<userId>#COUPON */
                        PK: string;
                        /** @description COUPON#<couponKey>; the internal coupon id */
                        SK: string;
                        couponKey: string;
                        userId: string;
                        title: string;
                        description: string;
                        validUntil: number;
                        redeemed: boolean;
                        redeemedAt: number | null;
                        /** @description Free-form object: at most 50 keys, nested at most 5 levels, at most 8192 bytes as JSON */
                        metadata: {
                            [key: string]: unknown;
                        };
                        offerId: string | null;
                        createdAt: number;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    updateCoupon: {
        parameters: {
            query?: never;
            header?: {
                /** @description With the admin token: the project to act on (default: default) */
                "x-project-id"?: string;
                /** @description Makes a retry safe: a repeat with the same key and body gets the first response (24 hours) */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Key of the coupon */
                couponKey: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    couponKey?: string;
                    /** @description Client-chosen user id */
                    userId: string;
                    title: string;
                    description?: string;
                    /** @description Unix ms */
                    validUntil: number;
                    /** @description Free-form object: at most 50 keys, nested at most 5 levels, at most 8192 bytes as JSON */
                    metadata?: {
                        [key: string]: unknown;
                    };
                    redeemed?: boolean;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description USER#<userId>#COUPON */
                        PK: string;
                        /** @description COUPON#<couponKey>; the internal coupon id */
                        SK: string;
                        couponKey: string;
                        userId: string;
                        title: string;
                        description: string;
                        validUntil: number;
                        redeemed: boolean;
                        redeemedAt: number | null;
                        /** @description Free-form object: at most 50 keys, nested at most 5 levels, at most 8192 bytes as JSON */
                        metadata: {
                            [key: string]: unknown;
                        };
                        offerId: string | null;
                        createdAt: number;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    deleteCoupon: {
        parameters: {
            query?: never;
            header?: {
                /** @description With the admin token: the project to act on (default: default) */
                "x-project-id"?: string;
                /** @description Makes a retry safe: a repeat with the same key and body gets the first response (24 hours) */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Key of the coupon */
                couponKey: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    listUserSurveys: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Client-chosen user id */
                userId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        surveyId: string;
                        title: string;
                        description: string;
                        type: string;
                        validFrom: number;
                        validUntil: number | null;
                        options: {
                            optionId: string;
                            label: string;
                        }[];
                        points: number;
                    }[];
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    answerSurvey: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: a repeat with the same key and body gets the first response (24 hours) */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Client-chosen user id */
                userId: string;
                /** @description Id of the survey */
                surveyId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Client-chosen user id */
                    userId: string;
                    surveyId: string;
                    /** @description Selected optionIds */
                    responses: string[];
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        surveyId: string;
                        userId: string;
                        pointsAwarded: number;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    listSurveys: {
        parameters: {
            query?: never;
            header?: {
                /** @description With the admin token: the project to act on (default: default) */
                "x-project-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": ({
                        surveyId: string;
                        title: string;
                        description: string;
                        type: string;
                        validFrom: number;
                        validUntil: number | null;
                        options: {
                            optionId: string;
                            label: string;
                        }[];
                        points: number;
                    } & {
                        status: string;
                        createdAt: number;
                        updatedAt: number;
                        statistics: {
                            /** @description Users who answered */
                            answered: number;
                            /** @description optionId → times chosen */
                            options: {
                                [key: string]: number;
                            };
                        };
                    })[];
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    createSurvey: {
        parameters: {
            query?: never;
            header?: {
                /** @description With the admin token: the project to act on (default: default) */
                "x-project-id"?: string;
                /** @description Makes a retry safe: a repeat with the same key and body gets the first response (24 hours) */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    surveyId?: string;
                    title: string;
                    description?: string;
                    type: "SINGLE" | "MULTIPLE";
                    options: {
                        optionId: string;
                        label: string;
                    }[];
                    /** @description Unix ms; default: creation time */
                    validFrom?: number;
                    /** @description Unix ms; null: no end */
                    validUntil?: number | null;
                    /** @description Awarded for an answer; default 0 */
                    points?: number;
                    status?: "ACTIVE" | "INACTIVE";
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        surveyId: string;
                        title: string;
                        description: string;
                        type: string;
                        validFrom: number;
                        validUntil: number | null;
                        options: {
                            optionId: string;
                            label: string;
                        }[];
                        points: number;
                    } & {
                        status: string;
                        createdAt: number;
                        updatedAt: number;
                        statistics: {
                            /** @description Users who answered */
                            answered: number;
                            /** @description optionId → times chosen */
                            options: {
                                [key: string]: number;
                            };
                        };
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    getSurvey: {
        parameters: {
            query?: never;
            header?: {
                /** @description With the admin token: the project to act on (default: default) */
                "x-project-id"?: string;
            };
            path: {
                /** @description Id of the survey */
                surveyId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        surveyId: string;
                        title: string;
                        description: string;
                        type: string;
                        validFrom: number;
                        validUntil: number | null;
                        options: {
                            optionId: string;
                            label: string;
                        }[];
                        points: number;
                    } & {
                        status: string;
                        createdAt: number;
                        updatedAt: number;
                        statistics: {
                            /** @description Users who answered */
                            answered: number;
                            /** @description optionId → times chosen */
                            options: {
                                [key: string]: number;
                            };
                        };
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    updateSurvey: {
        parameters: {
            query?: never;
            header?: {
                /** @description With the admin token: the project to act on (default: default) */
                "x-project-id"?: string;
                /** @description Makes a retry safe: a repeat with the same key and body gets the first response (24 hours) */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Id of the survey */
                surveyId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    surveyId?: string;
                    title: string;
                    description?: string;
                    type: "SINGLE" | "MULTIPLE";
                    options: {
                        optionId: string;
                        label: string;
                    }[];
                    /** @description Unix ms; default: creation time */
                    validFrom?: number;
                    /** @description Unix ms; null: no end */
                    validUntil?: number | null;
                    /** @description Awarded for an answer; default 0 */
                    points?: number;
                    status?: "ACTIVE" | "INACTIVE";
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        surveyId: string;
                        title: string;
                        description: string;
                        type: string;
                        validFrom: number;
                        validUntil: number | null;
                        options: {
                            optionId: string;
                            label: string;
                        }[];
                        points: number;
                    } & {
                        status: string;
                        createdAt: number;
                        updatedAt: number;
                        statistics: {
                            /** @description Users who answered */
                            answered: number;
                            /** @description optionId → times chosen */
                            options: {
                                [key: string]: number;
                            };
                        };
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    deleteSurvey: {
        parameters: {
            query?: never;
            header?: {
                /** @description With the admin token: the project to act on (default: default) */
                "x-project-id"?: string;
                /** @description Makes a retry safe: a repeat with the same key and body gets the first response (24 hours) */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Id of the survey */
                surveyId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    getNotificationOverview: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Client-chosen user id */
                userId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        userId: string;
                        hasUnseenChallenges: boolean;
                        hasUnseenRewards: boolean;
                        hasUnseenSurveys: boolean;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    markSectionSeen: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: a repeat with the same key and body gets the first response (24 hours) */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Client-chosen user id */
                userId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description rewards, challenges or surveys */
                    screenId: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    changeNotificationMarkers: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: a repeat with the same key and body gets the first response (24 hours) */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Client-chosen user id */
                userId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    resetChallenges?: boolean;
                    resetRewards?: boolean;
                    resetSurveys?: boolean;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    getLeaderboard: {
        parameters: {
            query: {
                /** @description User group; `default` is every user */
                groupId: string;
                /** @description YYYY-MM: a monthly board (any month). Not together with timeframe. */
                month?: string;
                /** @description 7d, 30d or 365d: a rolling window. Not together with month. */
                timeframe?: string;
                /** @description Page size */
                limit?: number;
                /** @description Number of entries to skip (the first page is 0) */
                offset?: number;
            };
            header?: never;
            path: {
                /** @description Id of the project */
                projectId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "users": [
                     *         {
                     *           "userId": "alice",
                     *           "username": "Alice",
                     *           "points": 1250,
                     *           "rank": 1
                     *         },
                     *         {
                     *           "userId": "bob",
                     *           "username": "Bob",
                     *           "points": 980,
                     *           "rank": 2
                     *         }
                     *       ],
                     *       "total": 2,
                     *       "groupId": "default",
                     *       "month": "2026-11"
                     *     }
                     */
                    "application/json": {
                        users: {
                            /** @description null for anonymous users in other users’ personalized views */
                            userId: string | null;
                            username: string;
                            points: number;
                            /** @description 1 is first place */
                            rank: number;
                        }[];
                        /** @description Ranked users (points > 0 in the period) */
                        total: number;
                        groupId: string;
                        month?: string;
                        timeframe?: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    getUserLeaderboard: {
        parameters: {
            query: {
                /** @description User group of the board (default: the board of all users) */
                groupId: string;
                /** @description YYYY-MM: a monthly board (any month). Not together with timeframe. */
                month?: string;
                /** @description 7d, 30d or 365d: a rolling window. Not together with month. */
                timeframe?: string;
                /** @description Neighbours shown before and after the user */
                around?: number;
            };
            header?: never;
            path: {
                /** @description Client-chosen user id */
                userId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "topUsers": [
                     *         {
                     *           "userId": "alice",
                     *           "username": "Alice",
                     *           "points": 1250,
                     *           "rank": 1
                     *         },
                     *         {
                     *           "userId": null,
                     *           "username": "Anonymous",
                     *           "points": 980,
                     *           "rank": 2
                     *         },
                     *         {
                     *           "userId": "carol",
                     *           "username": "Carol",
                     *           "points": 640,
                     *           "rank": 3
                     *         }
                     *       ],
                     *       "usersBefore": [
                     *         {
                     *           "userId": "dave",
                     *           "username": "Dave",
                     *           "points": 410,
                     *           "rank": 4
                     *         }
                     *       ],
                     *       "currentUser": {
                     *         "userId": "erin",
                     *         "username": "Erin",
                     *         "points": 380,
                     *         "rank": 5
                     *       },
                     *       "usersAfter": [
                     *         {
                     *           "userId": "frank",
                     *           "username": "Frank",
                     *           "points": 120,
                     *           "rank": 6
                     *         }
                     *       ],
                     *       "total": 6,
                     *       "groupId": "default",
                     *       "timeframe": "7d"
                     *     }
                     */
                    "application/json": {
                        topUsers: {
                            /** @description null for anonymous users in other users’ personalized views */
                            userId: string | null;
                            username: string;
                            points: number;
                            /** @description 1 is first place */
                            rank: number;
                        }[];
                        usersBefore: {
                            /** @description null for anonymous users in other users’ personalized views */
                            userId: string | null;
                            username: string;
                            points: number;
                            /** @description 1 is first place */
                            rank: number;
                        }[];
                        currentUser: {
                            userId: string;
                            username: string;
                            points: number;
                            /** @description null when the user has no points in the period */
                            rank: number | null;
                        };
                        usersAfter: {
                            /** @description null for anonymous users in other users’ personalized views */
                            userId: string | null;
                            username: string;
                            points: number;
                            /** @description 1 is first place */
                            rank: number;
                        }[];
                        total: number;
                        groupId: string;
                        month?: string;
                        timeframe?: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    setLeaderboardProfile: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: a repeat with the same key and body gets the first response (24 hours) */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Client-chosen user id */
                userId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Display name; defaults to the userId */
                    username?: string;
                    /** @description Shown as "Anonymous" with userId null to other users */
                    anonymous?: boolean;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        userId: string;
                        username: string;
                        anonymous: boolean;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    getUserRanks: {
        parameters: {
            query?: {
                /** @description User group of the board (default: the board of all users) */
                groupId?: string;
            };
            header?: never;
            path: {
                /** @description Client-chosen user id */
                userId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        userId: string;
                        groupId: string;
                        ranks: {
                            "7d": {
                                rank: number | null;
                                points: number;
                            };
                            "30d": {
                                rank: number | null;
                                points: number;
                            };
                            "365d": {
                                rank: number | null;
                                points: number;
                            };
                        };
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    getLeaderboardArchive: {
        parameters: {
            query: {
                /** @description YYYY-MM: a month that has been closed */
                month: string;
                /** @description User group; `default` is every user */
                groupId: string;
                /** @description Page size */
                limit?: number;
                /** @description Number of entries to skip (the first page is 0) */
                offset?: number;
            };
            header?: never;
            path: {
                /** @description Id of the project */
                projectId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        month: string;
                        groupId: string;
                        /** @description When the month was closed and the board archived, ms */
                        archivedAt: number;
                        /** @description Ranked users in the snapshot */
                        total: number;
                        users: {
                            userId: string;
                            /** @description Display name when the month was closed */
                            username: string;
                            points: number;
                            rank: number;
                        }[];
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    listSeasonRewards: {
        parameters: {
            query?: never;
            header?: {
                /** @description With the admin token: the project to act on (default: default) */
                "x-project-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        seasonRewardId: string;
                        groupId: string;
                        bands: {
                            fromRank: number;
                            toRank: number;
                            points?: number;
                            /** @description Every user ranked in the band gets a coupon of this offer */
                            offerId?: string;
                        }[];
                        createdAt: number;
                        updatedAt: number;
                    }[];
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    createSeasonReward: {
        parameters: {
            query?: never;
            header?: {
                /** @description With the admin token: the project to act on (default: default) */
                "x-project-id"?: string;
                /** @description Makes a retry safe: a repeat with the same key and body gets the first response (24 hours) */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    seasonRewardId?: string;
                    /** @description The user group whose monthly board pays; `default` is every user */
                    groupId: string;
                    /** @description Rank bands; they must not overlap */
                    bands: {
                        /** @description First rank of the band (1 is first place) */
                        fromRank: number;
                        /** @description Last rank of the band, inclusive */
                        toRank: number;
                        /** @description Points paid to every user ranked in the band (a SEASON history entry) */
                        points?: number;
                        offerId?: string;
                    }[];
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        seasonRewardId: string;
                        groupId: string;
                        bands: {
                            fromRank: number;
                            toRank: number;
                            points?: number;
                            /** @description Every user ranked in the band gets a coupon of this offer */
                            offerId?: string;
                        }[];
                        createdAt: number;
                        updatedAt: number;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    getSeasonReward: {
        parameters: {
            query?: never;
            header?: {
                /** @description With the admin token: the project to act on (default: default) */
                "x-project-id"?: string;
            };
            path: {
                /** @description Id of the season reward */
                seasonRewardId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        seasonRewardId: string;
                        groupId: string;
                        bands: {
                            fromRank: number;
                            toRank: number;
                            points?: number;
                            /** @description Every user ranked in the band gets a coupon of this offer */
                            offerId?: string;
                        }[];
                        createdAt: number;
                        updatedAt: number;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    updateSeasonReward: {
        parameters: {
            query?: never;
            header?: {
                /** @description With the admin token: the project to act on (default: default) */
                "x-project-id"?: string;
                /** @description Makes a retry safe: a repeat with the same key and body gets the first response (24 hours) */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Id of the season reward */
                seasonRewardId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    seasonRewardId?: string;
                    /** @description The user group whose monthly board pays; `default` is every user */
                    groupId: string;
                    /** @description Rank bands; they must not overlap */
                    bands: {
                        /** @description First rank of the band (1 is first place) */
                        fromRank: number;
                        /** @description Last rank of the band, inclusive */
                        toRank: number;
                        /** @description Points paid to every user ranked in the band (a SEASON history entry) */
                        points?: number;
                        offerId?: string;
                    }[];
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        seasonRewardId: string;
                        groupId: string;
                        bands: {
                            fromRank: number;
                            toRank: number;
                            points?: number;
                            /** @description Every user ranked in the band gets a coupon of this offer */
                            offerId?: string;
                        }[];
                        createdAt: number;
                        updatedAt: number;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    deleteSeasonReward: {
        parameters: {
            query?: never;
            header?: {
                /** @description With the admin token: the project to act on (default: default) */
                "x-project-id"?: string;
                /** @description Makes a retry safe: a repeat with the same key and body gets the first response (24 hours) */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Id of the season reward */
                seasonRewardId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    listSeasonPayouts: {
        parameters: {
            query?: never;
            header?: {
                /** @description With the admin token: the project to act on (default: default) */
                "x-project-id"?: string;
            };
            path: {
                /** @description YYYY-MM */
                month: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        month: string;
                        /** @description Points prizes by group, season reward, rank and user; at most 10000. Coupon prizes are coupons of their users, not listed here */
                        payouts: {
                            groupId: string;
                            seasonRewardId: string;
                            userId: string;
                            /** @description Rank in the archived board */
                            rank: number;
                            /** @description Points paid (a SEASON history entry) */
                            points: number;
                            /** @description ms */
                            paidAt: number;
                        }[];
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    closeSeasonEarly: {
        parameters: {
            query?: never;
            header?: {
                /** @description With the admin token: the project to act on (default: default) */
                "x-project-id"?: string;
                /** @description Makes a retry safe: a repeat with the same key and body gets the first response (24 hours) */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description YYYY-MM */
                month: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Accepted: the work goes on in the background */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        month: string;
                        /** @description The close job; watch it at GET /admin/job/{jobId} */
                        jobId: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    getJob: {
        parameters: {
            query?: never;
            header?: {
                /** @description With the admin token: the project to act on (default: default) */
                "x-project-id"?: string;
            };
            path: {
                /** @description Id of the background job (from the response that started it) */
                jobId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        jobId: string;
                        kind: string;
                        status: "queued" | "running" | "done" | "failed";
                        /** @description Units of work done so far (rows deleted for a user deletion) */
                        processed: number;
                        createdAt: number;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    getEventStats: {
        parameters: {
            query?: {
                /** @description 1d, 7d, 30d, 90d, current_month, ytd or all (default 7d); every period ends today (UTC). Not together with timeframe=month. */
                period?: "1d" | "7d" | "30d" | "90d" | "current_month" | "ytd" | "all";
                /** @description When given, event-specific analytics; else global */
                eventId?: string;
                /** @description month, together with month, selects one calendar month */
                timeframe?: "month";
                /** @description YYYY-MM; only with timeframe=month (400 without it) */
                month?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The period, or "month" for timeframe=month */
                        period: string;
                        month?: string;
                        eventId: string | null;
                        /** @description YYYY-MM-DD */
                        startDate: string;
                        /** @description YYYY-MM-DD */
                        endDate: string;
                        data: {
                            totalEvents?: number;
                            uniqueUsers: number;
                            totalPoints?: number;
                            eventBreakdown?: {
                                [key: string]: {
                                    count: number;
                                    users: number;
                                    points: number;
                                };
                            };
                            topEvents?: string[];
                            totalCount?: number;
                            pointsAwarded?: number;
                            conditionMet?: number;
                            conditionFailed?: number;
                            limitReached?: number;
                            dailyData: {
                                [key: string]: {
                                    /** @description Global view: events of the day */
                                    events?: number;
                                    /** @description Event-specific view: occurrences of the day */
                                    count?: number;
                                    users: number;
                                    points: number;
                                    /** @description Events per UTC hour 0–23 */
                                    hourlyDistribution: number[];
                                };
                            };
                            metadataStats?: {
                                [key: string]: {
                                    kind: "number" | "category";
                                    count?: number;
                                    min?: number;
                                    max?: number;
                                    avg?: number;
                                    histogram?: {
                                        min: number;
                                        max: number;
                                        count: number;
                                    }[];
                                    counts?: {
                                        [key: string]: number;
                                    };
                                    /** @description Distinct values kept per field; later values count in otherCount */
                                    distinctValuesCap?: number;
                                    otherCount?: number;
                                };
                            };
                            _metadata: {
                                uniqueUsersCalculationMethod: "exact" | "hyperloglog";
                                uniqueUsersNote: string;
                            };
                        };
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    listWebhooks: {
        parameters: {
            query?: never;
            header?: {
                /** @description With the admin token: the project to act on (default: default) */
                "x-project-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        webhookId: string;
                        url: string;
                        events: string[];
                        status: "ACTIVE" | "INACTIVE";
                        description: string;
                        /** @description The first characters of the secret (the secret itself is shown only when created or rotated) */
                        secretHint: string;
                        /** @description First failed attempt since the last success; null while deliveries succeed (Unix ms) */
                        failingSince: number | null;
                        /** @description Why Laurel set the endpoint INACTIVE (3 days without a successful delivery); null otherwise */
                        disabledReason: string | null;
                        /** @description When Laurel set it INACTIVE (Unix ms) */
                        disabledAt: number | null;
                        createdAt: number;
                        updatedAt: number;
                    }[];
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    createWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description With the admin token: the project to act on (default: default) */
                "x-project-id"?: string;
                /** @description Makes a retry safe: a repeat with the same key and body gets the first response (24 hours) */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    webhookId?: string;
                    /** @description http(s) URL the messages are POSTed to */
                    url: string;
                    /** @description Message types, or ["*"] for all */
                    events: ("points.changed" | "challenge.completed" | "streak.milestone_reached" | "offer.redeemed" | "coupon.used" | "survey.answered" | "user.deleted" | "leaderboard.month_closed" | "tier.changed" | "points.expiring" | "webhook.test" | "*")[];
                    status: "ACTIVE" | "INACTIVE";
                    description?: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        webhookId: string;
                        url: string;
                        events: string[];
                        status: "ACTIVE" | "INACTIVE";
                        description: string;
                        /** @description The first characters of the secret (the secret itself is shown only when created or rotated) */
                        secretHint: string;
                        /** @description First failed attempt since the last success; null while deliveries succeed (Unix ms) */
                        failingSince: number | null;
                        /** @description Why Laurel set the endpoint INACTIVE (3 days without a successful delivery); null otherwise */
                        disabledReason: string | null;
                        /** @description When Laurel set it INACTIVE (Unix ms) */
                        disabledAt: number | null;
                        createdAt: number;
                        updatedAt: number;
                        /** @description whsec_<base64 of 24 random bytes>; shown in full only in this response */
                        secret: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    getWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description With the admin token: the project to act on (default: default) */
                "x-project-id"?: string;
            };
            path: {
                /** @description Id of the webhook endpoint */
                webhookId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        webhookId: string;
                        url: string;
                        events: string[];
                        status: "ACTIVE" | "INACTIVE";
                        description: string;
                        /** @description The first characters of the secret (the secret itself is shown only when created or rotated) */
                        secretHint: string;
                        /** @description First failed attempt since the last success; null while deliveries succeed (Unix ms) */
                        failingSince: number | null;
                        /** @description Why Laurel set the endpoint INACTIVE (3 days without a successful delivery); null otherwise */
                        disabledReason: string | null;
                        /** @description When Laurel set it INACTIVE (Unix ms) */
                        disabledAt: number | null;
                        createdAt: number;
                        updatedAt: number;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    updateWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description With the admin token: the project to act on (default: default) */
                "x-project-id"?: string;
                /** @description Makes a retry safe: a repeat with the same key and body gets the first response (24 hours) */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Id of the webhook endpoint */
                webhookId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    webhookId?: string;
                    /** @description http(s) URL the messages are POSTed to */
                    url: string;
                    /** @description Message types, or ["*"] for all */
                    events: ("points.changed" | "challenge.completed" | "streak.milestone_reached" | "offer.redeemed" | "coupon.used" | "survey.answered" | "user.deleted" | "leaderboard.month_closed" | "tier.changed" | "points.expiring" | "webhook.test" | "*")[];
                    status: "ACTIVE" | "INACTIVE";
                    description?: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        webhookId: string;
                        url: string;
                        events: string[];
                        status: "ACTIVE" | "INACTIVE";
                        description: string;
                        /** @description The first characters of the secret (the secret itself is shown only when created or rotated) */
                        secretHint: string;
                        /** @description First failed attempt since the last success; null while deliveries succeed (Unix ms) */
                        failingSince: number | null;
                        /** @description Why Laurel set the endpoint INACTIVE (3 days without a successful delivery); null otherwise */
                        disabledReason: string | null;
                        /** @description When Laurel set it INACTIVE (Unix ms) */
                        disabledAt: number | null;
                        createdAt: number;
                        updatedAt: number;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    deleteWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description With the admin token: the project to act on (default: default) */
                "x-project-id"?: string;
                /** @description Makes a retry safe: a repeat with the same key and body gets the first response (24 hours) */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Id of the webhook endpoint */
                webhookId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    rotateWebhookSecret: {
        parameters: {
            query?: never;
            header?: {
                /** @description With the admin token: the project to act on (default: default) */
                "x-project-id"?: string;
                /** @description Makes a retry safe: a repeat with the same key and body gets the first response (24 hours) */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Id of the webhook endpoint */
                webhookId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        webhookId: string;
                        url: string;
                        events: string[];
                        status: "ACTIVE" | "INACTIVE";
                        description: string;
                        /** @description The first characters of the secret (the secret itself is shown only when created or rotated) */
                        secretHint: string;
                        /** @description First failed attempt since the last success; null while deliveries succeed (Unix ms) */
                        failingSince: number | null;
                        /** @description Why Laurel set the endpoint INACTIVE (3 days without a successful delivery); null otherwise */
                        disabledReason: string | null;
                        /** @description When Laurel set it INACTIVE (Unix ms) */
                        disabledAt: number | null;
                        createdAt: number;
                        updatedAt: number;
                        /** @description whsec_<base64 of 24 random bytes>; shown in full only in this response */
                        secret: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    testWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description With the admin token: the project to act on (default: default) */
                "x-project-id"?: string;
                /** @description Makes a retry safe: a repeat with the same key and body gets the first response (24 hours) */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Id of the webhook endpoint */
                webhookId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The webhook-id header, the same on every attempt */
                        messageId: string;
                        type: string;
                        status: "pending" | "delivered" | "failed";
                        attempts: number;
                        createdAt: number;
                        /** @description First attempt (Unix ms) */
                        firstAttemptAt: number | null;
                        /** @description Last attempt (Unix ms) */
                        lastAttemptAt: number | null;
                        /** @description HTTP status of the last answer; null when there was none */
                        lastStatusCode: number | null;
                        /** @description The first 1 KB of the last answer */
                        lastResponse: string | null;
                        /** @description Why the last attempt got no answer (timeout, refused address, connection error) */
                        lastError: string | null;
                        /** @description Next attempt of a pending message; null when done, or while the endpoint is INACTIVE (Unix ms) */
                        nextAttemptAt: number | null;
                        /** @description When a 2xx answer was had (Unix ms) */
                        deliveredAt: number | null;
                        /** @description The body sent: { type, timestamp, data } */
                        payload: unknown;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                /** @description Page size */
                limit?: number;
                /** @description x-next-cursor of the previous page */
                cursor?: string;
                /** @description Only deliveries in this state */
                status?: "pending" | "delivered" | "failed";
            };
            header?: {
                /** @description With the admin token: the project to act on (default: default) */
                "x-project-id"?: string;
            };
            path: {
                /** @description Id of the webhook endpoint */
                webhookId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description Cursor of the next page (pass it as cursor); absent on the last page */
                    "x-next-cursor"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The webhook-id header, the same on every attempt */
                        messageId: string;
                        type: string;
                        status: "pending" | "delivered" | "failed";
                        attempts: number;
                        createdAt: number;
                        /** @description First attempt (Unix ms) */
                        firstAttemptAt: number | null;
                        /** @description Last attempt (Unix ms) */
                        lastAttemptAt: number | null;
                        /** @description HTTP status of the last answer; null when there was none */
                        lastStatusCode: number | null;
                        /** @description The first 1 KB of the last answer */
                        lastResponse: string | null;
                        /** @description Why the last attempt got no answer (timeout, refused address, connection error) */
                        lastError: string | null;
                        /** @description Next attempt of a pending message; null when done, or while the endpoint is INACTIVE (Unix ms) */
                        nextAttemptAt: number | null;
                        /** @description When a 2xx answer was had (Unix ms) */
                        deliveredAt: number | null;
                        /** @description The body sent: { type, timestamp, data } */
                        payload: unknown;
                    }[];
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    retryWebhookDelivery: {
        parameters: {
            query?: never;
            header?: {
                /** @description With the admin token: the project to act on (default: default) */
                "x-project-id"?: string;
                /** @description Makes a retry safe: a repeat with the same key and body gets the first response (24 hours) */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Id of the webhook endpoint */
                webhookId: string;
                /** @description Id of the webhook message (its webhook-id header) */
                messageId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The webhook-id header, the same on every attempt */
                        messageId: string;
                        type: string;
                        status: "pending" | "delivered" | "failed";
                        attempts: number;
                        createdAt: number;
                        /** @description First attempt (Unix ms) */
                        firstAttemptAt: number | null;
                        /** @description Last attempt (Unix ms) */
                        lastAttemptAt: number | null;
                        /** @description HTTP status of the last answer; null when there was none */
                        lastStatusCode: number | null;
                        /** @description The first 1 KB of the last answer */
                        lastResponse: string | null;
                        /** @description Why the last attempt got no answer (timeout, refused address, connection error) */
                        lastError: string | null;
                        /** @description Next attempt of a pending message; null when done, or while the endpoint is INACTIVE (Unix ms) */
                        nextAttemptAt: number | null;
                        /** @description When a 2xx answer was had (Unix ms) */
                        deliveredAt: number | null;
                        /** @description The body sent: { type, timestamp, data } */
                        payload: unknown;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    getUserTier: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Client-chosen user id */
                userId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        userId: string;
                        /** @description null: no tier reached */
                        tierId: string | null;
                        /** @description Language code to text, e.g. { "de": "…", "en": "…" } */
                        title: {
                            [key: string]: string;
                        } | null;
                        /** @description Language code to text, e.g. { "de": "…", "en": "…" } */
                        benefits: {
                            [key: string]: string;
                        } | null;
                        /** @description Applied to event rewards (1 without a tier) */
                        multiplier: number;
                        /** @description When the user reached the tier (Unix ms) */
                        since: number | null;
                        /** @description Points earned in the tier window (every entry but spending, as on leaderboards) */
                        earnedInWindow: number;
                        /** @description The tier above the current one; null at the top */
                        next: {
                            tierId: string;
                            /** @description Points still to earn in the window */
                            pointsNeeded: number;
                        } | null;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    listTiers: {
        parameters: {
            query?: never;
            header?: {
                /** @description With the admin token: the project to act on (default: default) */
                "x-project-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        tierId: string;
                        /** @description Language code to text, e.g. { "de": "…", "en": "…" } */
                        title: {
                            [key: string]: string;
                        };
                        threshold: number;
                        multiplier: number;
                        /** @description Language code to text, e.g. { "de": "…", "en": "…" } */
                        benefits: {
                            [key: string]: string;
                        };
                        createdAt: number;
                        updatedAt: number;
                    }[];
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    createTier: {
        parameters: {
            query?: never;
            header?: {
                /** @description With the admin token: the project to act on (default: default) */
                "x-project-id"?: string;
                /** @description Makes a retry safe: a repeat with the same key and body gets the first response (24 hours) */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Tier id (A–Z a–z 0–9 _ -, at most 128) */
                    tierId?: string;
                    /** @description Language code to text, e.g. { "de": "…", "en": "…" } */
                    title: {
                        [key: string]: string;
                    };
                    /** @description Points earned in the tier window that reach this tier */
                    threshold: number;
                    /** @description Event rewards of users in this tier are multiplied by it (rounded down), before maximumReward */
                    multiplier: number;
                    /** @description Language code to text, e.g. { "de": "…", "en": "…" } */
                    benefits?: {
                        [key: string]: string;
                    };
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        tierId: string;
                        /** @description Language code to text, e.g. { "de": "…", "en": "…" } */
                        title: {
                            [key: string]: string;
                        };
                        threshold: number;
                        multiplier: number;
                        /** @description Language code to text, e.g. { "de": "…", "en": "…" } */
                        benefits: {
                            [key: string]: string;
                        };
                        createdAt: number;
                        updatedAt: number;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    getTier: {
        parameters: {
            query?: never;
            header?: {
                /** @description With the admin token: the project to act on (default: default) */
                "x-project-id"?: string;
            };
            path: {
                /** @description Tier id (A–Z a–z 0–9 _ -, at most 128) */
                tierId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        tierId: string;
                        /** @description Language code to text, e.g. { "de": "…", "en": "…" } */
                        title: {
                            [key: string]: string;
                        };
                        threshold: number;
                        multiplier: number;
                        /** @description Language code to text, e.g. { "de": "…", "en": "…" } */
                        benefits: {
                            [key: string]: string;
                        };
                        createdAt: number;
                        updatedAt: number;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    updateTier: {
        parameters: {
            query?: never;
            header?: {
                /** @description With the admin token: the project to act on (default: default) */
                "x-project-id"?: string;
                /** @description Makes a retry safe: a repeat with the same key and body gets the first response (24 hours) */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Tier id (A–Z a–z 0–9 _ -, at most 128) */
                tierId: string;
            };
            cookie?: never;
        };
        /** @description A full update: an omitted `benefits` becomes {} */
        requestBody: {
            content: {
                "application/json": {
                    /** @description Tier id (A–Z a–z 0–9 _ -, at most 128) */
                    tierId?: string;
                    /** @description Language code to text, e.g. { "de": "…", "en": "…" } */
                    title: {
                        [key: string]: string;
                    };
                    /** @description Points earned in the tier window that reach this tier */
                    threshold: number;
                    /** @description Event rewards of users in this tier are multiplied by it (rounded down), before maximumReward */
                    multiplier: number;
                    /** @description Language code to text, e.g. { "de": "…", "en": "…" } */
                    benefits?: {
                        [key: string]: string;
                    };
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        tierId: string;
                        /** @description Language code to text, e.g. { "de": "…", "en": "…" } */
                        title: {
                            [key: string]: string;
                        };
                        threshold: number;
                        multiplier: number;
                        /** @description Language code to text, e.g. { "de": "…", "en": "…" } */
                        benefits: {
                            [key: string]: string;
                        };
                        createdAt: number;
                        updatedAt: number;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
    deleteTier: {
        parameters: {
            query?: never;
            header?: {
                /** @description With the admin token: the project to act on (default: default) */
                "x-project-id"?: string;
                /** @description Makes a retry safe: a repeat with the same key and body gets the first response (24 hours) */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Tier id (A–Z a–z 0–9 _ -, at most 128) */
                tierId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
            /** @description Body of every error: status, reason phrase, message, machine code */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        statusCode: number;
                        error: string;
                        message: string;
                        code: string;
                    };
                };
            };
        };
    };
}
