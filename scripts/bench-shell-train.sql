-- bench-shell-train.sql: the training workload of make bench's profile-use
-- table for the sqlite3 shell: an order-entry application's day (tables,
-- indexes, inserts, point queries, updates, deletes, a few aggregates).
--
-- Copyright (C) 2026 The MIP for GCC developers.
-- SPDX-License-Identifier: GPL-3.0-or-later
CREATE TABLE customer(id INTEGER PRIMARY KEY, name TEXT NOT NULL, city TEXT);
CREATE TABLE product(id INTEGER PRIMARY KEY, label TEXT UNIQUE, price INTEGER);
CREATE TABLE orders(id INTEGER PRIMARY KEY, customer INTEGER, product INTEGER,
                    quantity INTEGER, day INTEGER);
CREATE INDEX orders_customer ON orders(customer);
CREATE INDEX orders_day ON orders(day);
BEGIN;
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000)
  INSERT INTO customer SELECT i, 'customer ' || i, 'city ' || (i % 37) FROM n;
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 500)
  INSERT INTO product SELECT i, 'product ' || i, 100 + (i * 7919) % 9000 FROM n;
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 40000)
  INSERT INTO orders SELECT i, 1 + (i * 31) % 2000, 1 + (i * 17) % 500,
                            1 + i % 9, i / 400 FROM n;
COMMIT;
SELECT name, city FROM customer WHERE id = 1234;
SELECT count(*), sum(quantity) FROM orders WHERE customer = 77;
SELECT o.id, p.label, o.quantity * p.price FROM orders o
  JOIN product p ON p.id = o.product WHERE o.customer = 1500 ORDER BY o.id;
UPDATE product SET price = price + 10 WHERE id % 5 = 0;
UPDATE orders SET quantity = quantity + 1 WHERE day = 42;
DELETE FROM orders WHERE day = 99;
SELECT day, count(*), sum(quantity) FROM orders WHERE day BETWEEN 10 AND 20
  GROUP BY day ORDER BY day;
SELECT c.city, count(*) FROM orders o JOIN customer c ON c.id = o.customer
  GROUP BY c.city ORDER BY 2 DESC LIMIT 5;
SELECT label FROM product WHERE label LIKE 'product 4%' ORDER BY price LIMIT 3;
