-- Returns the database to the seed of db/migration/V2__seed.sql: no orders, full stock.
-- Run before each benchmark variant so every variant starts from the same data.
TRUNCATE order_line, purchase_order;
UPDATE product SET stock = 1000000 WHERE stock <> 1000000;
DELETE FROM customer WHERE id > 10000;
DELETE FROM product WHERE sku > 'SKU-01000';
ANALYZE product;
