"""Schemathesis hooks for the order API (loaded through schemathesis.toml).

What the OpenAPI description cannot say in JSON Schema is taught here, and nothing else:
- the bulk endpoint's body and answer are NDJSON, one JSON document per line;
- an order names each SKU at most once: a generated "valid" order that repeats one is not
  valid (the description says so in words), so it is not sent as positive data.
"""
import json

import schemathesis


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
