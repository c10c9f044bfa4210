"""Logical-to-mesh activation specs, levanter/MaxText style."""
import equinox as eqx
from jax.sharding import NamedSharding, PartitionSpec as P

# [batch, seq, hidden]
ACT_SPEC = P("data", None, "model")
# [batch, seq] int tokens
TOKEN_SPEC = P("data", None)


def constrain(tree, mesh, spec):
  return eqx.filter_shard(tree, NamedSharding(mesh, spec))
