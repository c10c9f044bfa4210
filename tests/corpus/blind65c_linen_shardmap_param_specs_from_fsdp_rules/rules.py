# Logical axis rules, selected by name from the run config.
DP_RULES = (
    ("batch", "data"),
    ("embed", None),
    ("hidden", None),
)

FSDP_RULES = (
    ("batch", "data"),
    ("embed", "data"),
    ("hidden", None),
)


def get_rules(name):
  return {"dp": DP_RULES, "fsdp": FSDP_RULES}[name]
