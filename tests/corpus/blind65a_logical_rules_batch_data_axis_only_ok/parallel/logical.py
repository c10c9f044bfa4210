from jax.sharding import PartitionSpec as P

LOGICAL_RULES = {
    "batch": "data",
    "embed": None,
    "classes": None,
}


def logical_to_spec(names, rules=LOGICAL_RULES):
  return P(*(rules[n] for n in names))


def mesh_axes_of(name, rules=LOGICAL_RULES):
  axes = rules[name]
  if axes is None:
    return ()
  return axes if isinstance(axes, tuple) else (axes,)
