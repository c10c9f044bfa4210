from flax import nnx
from jax.sharding import PartitionSpec as P


def tp_forward(mesh, model):
  """Returns model-apply wrapped in nnx.shard_map with the model's own partition specs."""
  model_specs = nnx.get_partition_spec(nnx.state(model))
  return nnx.shard_map(
      lambda m, x: m(x),
      mesh=mesh,
      in_specs=(nnx.StateSharding(model_specs), P("data")),
      out_specs=P("data"),
  )
