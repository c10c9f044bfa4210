import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax.flatten_util import ravel_pytree
from jax.sharding import Mesh, PartitionSpec as P

from zero import padded_size, zero2_update

AXIS = 'fsdp'
mesh = Mesh(np.array(jax.devices()), (AXIS,))
N = mesh.shape[AXIS]

model = eqx.nn.MLP(in_size=13, out_size=3, width_size=37, depth=2, key=jax.random.key(0))
params, static = eqx.partition(model, eqx.is_inexact_array)
flat, unravel = ravel_pytree(params)
flat = jnp.pad(flat, (0, padded_size(flat.size, N) - flat.size))
optim = optax.adam(1e-3)
opt_state = optim.init(flat)
opt_specs = jax.tree.map(lambda a: P(AXIS) if a.ndim else P(), opt_state)


def local_step(flat_shard, opt_state, x, y):
  full = jax.lax.all_gather(flat_shard, AXIS, axis=0, tiled=True)
  p = unravel(full[:ravel_pytree(params)[0].size])

  def loss_fn(p):
    pred = jax.vmap(eqx.combine(p, static))(x)
    return jnp.mean((pred - y) ** 2)

  loss, grads = jax.value_and_grad(loss_fn)(p)
  new_shard, _, opt_state = zero2_update(grads, flat_shard, opt_state, optim, AXIS, N)
  return new_shard, opt_state, jax.lax.pmean(loss, AXIS)


train_step = jax.jit(jax.shard_map(local_step, mesh=mesh,
                                   in_specs=(P(AXIS), opt_specs, P(AXIS), P(AXIS)),
                                   out_specs=(P(AXIS), opt_specs, P())))

if __name__ == '__main__':
  x, y = jnp.ones((16, 13)), jnp.ones((16, 3))
  train_step.trace(flat, opt_state, x, y).lower(lowering_platforms=('cuda',))
