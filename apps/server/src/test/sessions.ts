/**
 * When a session a test reads back as this week's or today's starts: the moment itself. An hour or a minute
 * before it is last week's (or yesterday's) for a member whose week or day has just begun, and every member
 * who registers is in America/New_York, whose Monday begins at 05:00 UTC.
 */
export const startingNow = (now = new Date()): string => now.toISOString();
