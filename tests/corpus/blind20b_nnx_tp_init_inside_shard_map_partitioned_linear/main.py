"""Per-device init: every shard builds its own slice of the FFN, then runs one step."""
import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from model import ShardedFFN, TP

D, HIDDEN, TP_SIZE = 128, 512, 4
mesh = Mesh(np.array(jax.devices()[:TP_SIZE]), (TP,))
tx = optax.adam(1e-3)


def init_and_step(key, x, y):
  rngs = nnx.Rngs(params=jax.random.fold_in(key[0], jax.lax.axis_index(TP)))
  ffn = ShardedFFN(D, HIDDEN // TP_SIZE, rngs=rngs)
  graphdef, params = nnx.split(ffn, nnx.Param)
  opt_state = tx.init(params)

  def loss_fn(params):
    return jnp.mean((nnx.merge(graphdef, params)(x) - y) ** 2)

  loss, grads = jax.value_and_grad(loss_fn)(params)
  updates, opt_state = tx.update(grads, opt_state, params)
  params = optax.apply_updates(params, updates)
  new = nnx.merge(graphdef, params)
  return (new.fc1.kernel[...], new.fc2.kernel[...]), loss


step = jax.jit(jax.shard_map(init_and_step, mesh=mesh,
                             in_specs=(P(), P(), P()),
                             out_specs=((P(None, TP), P(TP, None)), P())))
keys = jax.random.split(jax.random.key(0), 1)
x = jnp.ones((32, D))
step.trace(keys, x, x).lower(lowering_platforms=("cuda",))
