"""Validates tool results against their advertised outputSchema with the Python `jsonschema` library,
the validator the official Python MCP SDK client uses for structured tool results.

Reads a JSON array of {"name", "schema", "instance"} on stdin; prints a JSON array of
{"name", "valid", "errors"} (the first few error messages)."""
import json
import sys

from jsonschema import Draft202012Validator

cases = json.load(sys.stdin)
out = []
for case in cases:
    Draft202012Validator.check_schema(case["schema"])
    errors = [e.message for e in Draft202012Validator(case["schema"]).iter_errors(case["instance"])]
    out.append({"name": case["name"], "valid": not errors, "errors": errors[:3]})
json.dump(out, sys.stdout)
