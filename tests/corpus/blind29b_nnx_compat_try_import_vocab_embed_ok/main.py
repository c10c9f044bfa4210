import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import AxisType, PartitionSpec as P

from utils import shard_map

TP = "model"


class VocabParallelEmbed(nnx.Module):
    def __init__(self, vocab, dim, *, rngs):
        init = nnx.with_partitioning(nnx.initializers.normal(0.02), (TP, None))
        self.embedding = nnx.Param(init(rngs.params(), (vocab, dim)))

    def __call__(self, ids):
        """Runs per device: the table holds this device's slice of the vocabulary."""
        table = self.embedding[...]
        vocab_local = table.shape[0]
        local = ids - jax.lax.axis_index(TP) * vocab_local
        hit = (local >= 0) & (local < vocab_local)
        out = jnp.take(table, jnp.where(hit, local, 0), axis=0)
        return jax.lax.psum(jnp.where(hit[..., None], out, 0.0), TP)


mesh = jax.make_mesh((4,), (TP,), axis_types=(AxisType.Auto,))
with jax.set_mesh(mesh):
    embed = VocabParallelEmbed(1024, 64, rngs=nnx.Rngs(0))
graphdef, state = nnx.split(embed)


def lookup(state, ids):
    return nnx.merge(graphdef, state)(ids)


lookup = shard_map(lookup, mesh, in_specs=(nnx.get_partition_spec(state), P()), out_specs=P())
ids = jnp.zeros((2, 16), jnp.int32)
lowered = jax.jit(lookup).trace(state, ids).lower(lowering_platforms=("cuda",))
print("lowered")
