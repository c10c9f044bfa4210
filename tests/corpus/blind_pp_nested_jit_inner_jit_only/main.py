"""An outer shard_mapped step calls a jitted helper; a second, jitted-only entry calls the same helper."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ("pp",))
PERM = [(0, 1), (1, 2), (2, 3)]


@jax.jit
def shift(x):
    tok = jax.lax.psend(x, "pp", PERM)
    return jax.lax.precv(tok, jax.ShapeDtypeStruct(x.shape, x.dtype), "pp", PERM)


def train_loss(w, x):
    return jnp.mean(shift(x @ w) ** 2)


sharded_loss = jax.jit(jax.shard_map(train_loss, mesh=mesh, in_specs=(P(), P("pp")), out_specs=P(),
                                     check_vma=False))
eval_loss = jax.jit(train_loss)

w = jax.ShapeDtypeStruct((64, 64), jnp.float32)
x = jax.ShapeDtypeStruct((32, 64), jnp.float32)
sharded_loss.trace(w, x).lower(lowering_platforms=("cuda",))
eval_loss.trace(w, x).lower(lowering_platforms=("cuda",))
