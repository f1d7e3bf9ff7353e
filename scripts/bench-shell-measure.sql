-- bench-shell-measure.sql: the measured workload of make bench's
-- profile-use table for the sqlite3 shell, unlike the training's: a
-- reporting session on the same kind of data, through the shell's
-- output modes, with views, a trigger, window functions, JSON, string
-- and date functions, and a dump.
--
-- Copyright (C) 2026 The MIP for GCC developers.
-- SPDX-License-Identifier: GPL-3.0-or-later
CREATE TABLE customer(id INTEGER PRIMARY KEY, name TEXT NOT NULL, city TEXT);
CREATE TABLE orders(id INTEGER PRIMARY KEY, customer INTEGER, amount REAL,
                    day TEXT);
CREATE TABLE audit(id INTEGER PRIMARY KEY, note TEXT);
CREATE TRIGGER orders_audit AFTER UPDATE OF amount ON orders
  BEGIN INSERT INTO audit(note) VALUES ('order ' || new.id || ' now ' || new.amount); END;
BEGIN;
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1000)
  INSERT INTO customer SELECT i, printf('%08X', (i * 2654435761) % 4294967296), 'city ' || (i % 23) FROM n;
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 20000)
  INSERT INTO orders SELECT i, 1 + (i * 13) % 1000, round((i * 7.31) % 500, 2),
                            date('2026-01-01', '+' || (i % 300) || ' days') FROM n;
COMMIT;
CREATE VIEW monthly AS
  SELECT strftime('%Y-%m', day) AS month, count(*) AS n, sum(amount) AS total
  FROM orders GROUP BY month;
.headers on
.mode column
SELECT * FROM monthly ORDER BY month LIMIT 6;
.mode csv
SELECT city, total, rank() OVER (ORDER BY total DESC) AS place
  FROM (SELECT c.city, round(sum(o.amount), 2) AS total FROM orders o
        JOIN customer c ON c.id = o.customer GROUP BY c.city) LIMIT 8;
.mode json
SELECT customer, json_group_array(json_object('id', id, 'amount', amount)) AS list
  FROM orders WHERE customer IN (5, 6) AND day < '2026-01-20' GROUP BY customer;
.mode list
SELECT printf('%-10s %8.2f %s', substr(name, 1, 6), avg(amount), max(day))
  FROM orders o JOIN customer c ON c.id = o.customer
  WHERE c.id BETWEEN 100 AND 105 GROUP BY c.id;
UPDATE orders SET amount = amount * 1.1 WHERE id % 1000 = 0;
SELECT count(*), min(note) FROM audit;
SELECT replace(group_concat(DISTINCT city), 'city ', '#') FROM customer
  WHERE id < 40;
SELECT day, amount, sum(amount) OVER (ORDER BY day ROWS 2 PRECEDING)
  FROM orders WHERE customer = 17 ORDER BY day LIMIT 5;
.dump audit
