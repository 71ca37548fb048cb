import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { stablePlan } from './stable-plan.js';

describe('stablePlan (decision 330)', () => {
  it('hides the parameters of equalities, IS, LIMIT and OFFSET from the planner, and no other', () => {
    expect(stablePlan('select * from "t" where "a" = ? and "b" is ? and "c" is not ? order by "d" limit ? offset ?')).toBe(
      'select * from "t" where "a" = +? and "b" is +? and "c" is not +? order by "d" limit +? offset +?',
    );
    expect(stablePlan('update "t" set "x" = ? where "a" = ?')).toBe('update "t" set "x" = +? where "a" = +?');
    expect(stablePlan('insert into "t" ("a", "b") values (?, ?)')).toBe('insert into "t" ("a", "b") values (?, ?)');
    expect(stablePlan('select * from "t" where "a" in (?, ?) and "b" > ? and "c" like ?')).toBe(
      'select * from "t" where "a" in (?, ?) and "b" > ? and "c" like ?',
    );
    expect(stablePlan('select * from "t" where ("a" = ?)')).toBe('select * from "t" where ("a" = +?)');
  });

  describe('gives the same rows and stores the same values as the statement it rewrites', () => {
    const db = new Database(':memory:');
    db.exec(`create table t (a text not null, n integer, r real, b blob, primary key (a, n));
             create index t_n on t (n);`);
    const insert = db.prepare(stablePlan('insert into t (a, n, r, b) values (?, ?, ?, ?)'));
    insert.run('x', 1, 1.5, Buffer.from([1, 2]));
    insert.run('x', 2, null, null);
    insert.run('5', 3, 2, Buffer.from([3]));
    insert.run('y', 10, 0, null);

    const queries: Array<[string, unknown[]]> = [
      ['select * from t where a = ? order by n', ['x']],
      ['select * from t where n = ? order by a', ['2']], // text bound to an integer column: numeric affinity applies
      ['select * from t where a = ? order by n', [5n]], // an integer bound to a text column: text affinity applies
      ['select * from t where b = ? order by a', [Buffer.from([1, 2])]],
      ['select * from t where r is ? order by a', [null]],
      ['select * from t where r is not ? order by a', [null]],
      ['select a, count(*) as c from t where n = ? group by a', [10]],
      ['select * from t where a = ? order by n desc limit ? offset ?', ['x', 1, 1]],
      ['select * from t order by n limit ?', [2]],
    ];
    it.each(queries)('%s', (sqlText, params) => {
      const before = db.prepare(sqlText).all(...params);
      const after = db.prepare(stablePlan(sqlText)).all(...params);
      expect(stablePlan(sqlText)).not.toBe(sqlText);
      expect(after).toEqual(before);
      expect(before.length).toBeGreaterThan(0);
    });

    it('keeps using the index for the equality', () => {
      const plan = db.prepare(`explain query plan ${stablePlan('select * from t where a = ? and n = ? order by r')}`).all('x', 1) as Array<{
        detail: string;
      }>;
      expect(plan.map((p) => p.detail).join(' ')).toMatch(/USING (INDEX|PRIMARY KEY).*\(a=\? AND n=\?\)/);
    });

    it('stores the same values through an update', () => {
      db.prepare(stablePlan('update t set r = ?, b = ? where a = ? and n = ?')).run('2.5', Buffer.from([9]), 'y', 10);
      expect(db.prepare('select r, typeof(r) as tr, b from t where a = ?').get('y')).toEqual({ r: 2.5, tr: 'real', b: Buffer.from([9]) });
    });
  });
});
