"""Schemathesis hooks for the order API (loaded through schemathesis.toml).

What the OpenAPI description cannot say in JSON Schema is taught here:
- the bulk endpoint's body and answer are NDJSON, one JSON document per line;
- an order names each SKU at most once: a generated "valid" order that repeats one is not
  valid (the description says so in words), so it is not sent as positive data;
- which customers and products exist: the seeded ones (shared-domain's V2__seed.sql). Drawn
  from the whole int64 and SKU-00000..SKU-99999 ranges, almost every generated order named an
  unknown customer or SKU (404, 422), and the stateful phase, whose links start at a placed
  order, placed 7 orders in 900 tries (60 s for each of the three apps). Three of four valid
  orders of the fuzzing and stateful phases are pointed at seeded customers and products, so
  that the partner calls, the pricing, the write and the links that follow a 201 are fuzzed
  too; the fourth and the coverage phase's boundary values stay as drawn.
"""
import json
import re
import zlib

import schemathesis
from schemathesis.generation.meta import TestPhase
from schemathesis.generation.modes import GenerationMode

# V2__seed.sql: customers 1..10000, products SKU-00001..SKU-01000.
SEEDED_CUSTOMERS = 10_000
SEEDED_PRODUCTS = 1_000
ORDER_OPERATIONS = {"POST /api/orders", "POST /api/orders/bulk"}


@schemathesis.serializer("application/x-ndjson")
def ndjson_body(ctx, value):
    """One generated order is one NDJSON line."""
    if isinstance(value, bytes):
        return value
    return (json.dumps(value) + "\n").encode("utf-8")


@schemathesis.deserializer("application/x-ndjson")
def ndjson_results(ctx, response):
    """The answer to one order line is one result line, checked against BulkResult."""
    lines = [line for line in response.content.decode("utf-8").splitlines() if line.strip()]
    if len(lines) != 1:
        raise ValueError(f"expected one NDJSON result line for one order line, got {len(lines)}")
    return json.loads(lines[0])


@schemathesis.hook
def filter_case(context, case):
    """Drops an order that names a SKU twice: in every phase (filter_body misses the coverage phase)."""
    lines = case.body.get("lines") if isinstance(case.body, dict) else None
    if not isinstance(lines, list):
        return True
    skus = [line.get("sku") for line in lines if isinstance(line, dict) and isinstance(line.get("sku"), str)]
    return len(skus) == len(set(skus))


@schemathesis.hook
def map_case(context, case):
    """Points three of four valid generated orders at seeded customers and products."""
    meta = case.meta
    if (meta is None or meta.generation.mode != GenerationMode.POSITIVE
            or meta.phase.name not in (TestPhase.FUZZING, TestPhase.STATEFUL)
            or case.operation.label not in ORDER_OPERATIONS or not isinstance(case.body, dict)):
        return case
    # Decided by the body itself, so that Hypothesis replays and shrinks alike.
    if zlib.crc32(json.dumps(case.body, sort_keys=True).encode("utf-8")) % 4 == 0:
        return case
    body = dict(case.body)
    customer = body.get("customerId")
    if isinstance(customer, int) and not isinstance(customer, bool) and customer > SEEDED_CUSTOMERS:
        body["customerId"] = 1 + customer % SEEDED_CUSTOMERS
    lines = body.get("lines")
    if isinstance(lines, list) and all(isinstance(line, dict) and isinstance(line.get("sku"), str) for line in lines):
        seeded = [dict(line, sku=_seeded_sku(line["sku"])) for line in lines]
        # Two SKUs that meet in the seeded range would make the order invalid: keep them as drawn.
        if len({line["sku"] for line in seeded}) == len(seeded):
            body["lines"] = seeded
    case.body = body
    return case


def _seeded_sku(sku):
    """A valid SKU outside the seeded range mapped into it; any other string as it is."""
    if not re.fullmatch(r"SKU-[0-9]{5}", sku) or 1 <= int(sku[4:]) <= SEEDED_PRODUCTS:
        return sku
    return f"SKU-{1 + int(sku[4:]) % SEEDED_PRODUCTS:05d}"
