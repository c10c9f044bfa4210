import jax
from jax.sharding import PartitionSpec as P


def tp_apply(layer, mesh):
    return jax.shard_map(layer, mesh=mesh, in_specs=(P("tp", None), P(None, "tp")), out_specs=P())
