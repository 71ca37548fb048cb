/**
 * Statements whose plan does not depend on their bound values (decision 330).
 *
 * SQLite re-prepares a statement on its next step when a value is bound to a parameter that its
 * query planner looked at while planning (the `expmask` of the statement). The build of SQLite that
 * better-sqlite3 ships marks the parameters of `col = ?`, `col IS ?`, `LIMIT ?` and `OFFSET ?` that
 * way in any statement with an ORDER BY or GROUP BY; every run of such a statement then parses and
 * plans it again (~7 µs, five times the cost of a small lookup), although Laurel runs no ANALYZE and
 * the plan never changes. A unary plus in front of the parameter (`col = +?`) hides the value from the
 * planner and changes nothing else: a parameter has no affinity with or without it, so comparisons
 * and stored values are the same, and the index is still used for the equality.
 */
const PLAN_BLIND = /(\s(?:=|==|is|is not|limit|offset))\s\?(?=$|[\s,)])/gi;

/** The statement's text with every parameter the planner would look at hidden from it. */
export function stablePlan(sqlText: string): string {
  return sqlText.replace(PLAN_BLIND, '$1 +?');
}
