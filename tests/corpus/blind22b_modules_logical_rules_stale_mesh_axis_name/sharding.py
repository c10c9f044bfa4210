from jax.sharding import NamedSharding, PartitionSpec as P

# logical -> mesh axis rules (t5x / maxtext style)
RULES = (
    ("batch", "fsdp"),
    ("vocab", "tensor"),
    ("embed", None),
    ("heads", "tensor"),
    ("mlp", "model"),
)


def logical_to_spec(logical, rules=RULES):
  table = dict(rules)
  return P(*(table.get(name) for name in logical))


def param_shardings(mesh, param_axes):
  return {k: NamedSharding(mesh, logical_to_spec(v)) for k, v in param_axes.items()}


def batch_sharding(mesh):
  return NamedSharding(mesh, logical_to_spec(("batch", None)))
