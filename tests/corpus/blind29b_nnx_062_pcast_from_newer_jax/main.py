import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from layers import ShardedLoss

mesh = Mesh(np.array(jax.devices()), ("vocab",))
loss_mod = ShardedLoss(16, 64, "vocab", rngs=nnx.Rngs(0))
graphdef, state = nnx.split(loss_mod)
state_specs = jax.tree.map(lambda a: P(None, "vocab") if a.ndim == 2 else P("vocab"), state)


def loss_fn(state, h, labels):
    return nnx.merge(graphdef, state)(h, labels)


loss_fn = jax.shard_map(loss_fn, mesh=mesh, in_specs=(state_specs, P(), P()), out_specs=P())
h, labels = jnp.ones((8, 16)), jnp.zeros((8,), jnp.int32)
lowered = jax.jit(loss_fn).trace(state, h, labels).lower(lowering_platforms=("cuda",))
print("lowered")
