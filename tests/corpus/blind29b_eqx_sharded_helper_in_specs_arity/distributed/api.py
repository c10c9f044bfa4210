import jax
from jax.sharding import PartitionSpec as P

DATA = "data"
data_spec = P(DATA)
replicated = P()


def sharded(fn, mesh, specs, out=replicated):
    """Shard-map fn; `specs` lists one PartitionSpec per positional argument."""
    return jax.shard_map(fn, mesh=mesh, in_specs=tuple(specs), out_specs=out)
