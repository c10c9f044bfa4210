import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

from mesh_lib import DATA, MODEL, get_mesh


def logits_and_lse(h, w_vocab):
    """Vocab-parallel logits: each shard holds a slice of the vocabulary."""
    logits = h @ w_vocab
    local_max = jnp.max(logits, axis=-1, keepdims=True)
    global_max = jax.lax.pmax(local_max, MODEL)
    sum_exp = jax.lax.psum(jnp.sum(jnp.exp(logits - global_max), axis=-1, keepdims=True), MODEL)
    return logits, global_max + jnp.log(sum_exp)


f = jax.jit(jax.shard_map(logits_and_lse, mesh=get_mesh(model_parallelism=2), in_specs=(P(DATA), P(None, MODEL)),
                          out_specs=(P(DATA, MODEL), P(DATA))))
f.trace(jax.ShapeDtypeStruct((16, 128), jnp.float32), jax.ShapeDtypeStruct((128, 32000), jnp.float32)).lower(
    lowering_platforms=("cuda",))
