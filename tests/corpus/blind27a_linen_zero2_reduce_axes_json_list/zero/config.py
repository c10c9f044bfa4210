import json

DEFAULT_JSON = """
{
  "mesh": {"data": 2, "fsdp": 2},
  "grad_reduce_axes": ["data", "fsdp"],
  "lr": 0.001,
  "batch_size": 16
}
"""


def load_config(text=DEFAULT_JSON):
  return json.loads(text)
