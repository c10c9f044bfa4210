from jax.sharding import PartitionSpec as P


def logical_to_spec(config, *logical_names):
  return P(*(None if n is None else config.mesh_axis(n) for n in logical_names))


PARAM_LOGICAL_AXES = {
    "w_in": ("embed", "mlp"),
    "w_out": ("mlp", "embed"),
}
