"""ZeRO-2 style step: gradients are reduce-scattered (psum_scatter) so each device keeps the
optimizer state of one slice of every parameter, then the updated slices are all-gathered."""
import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax.sharding import Mesh, PartitionSpec as P

AX = 'dp'
mesh = Mesh(np.array(jax.devices()), (AX,))
model = eqx.nn.MLP(in_size=64, out_size=10, width_size=128, depth=2, key=jax.random.key(0))
params, static = eqx.partition(model, eqx.is_array)
optim = optax.adamw(1e-3)


def scatter(g):
  return jax.lax.psum_scatter(g, AX, scatter_dimension=0, tiled=True)


def gather(p):
  return jax.lax.all_gather(p, AX, axis=0, tiled=True)


def zero2_step(params, opt_state, x, y):
  def loss_fn(model):
    logits = jax.vmap(model)(x)
    return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()

  loss, grads = eqx.filter_value_and_grad(loss_fn)(eqx.combine(params, static))
  grad_shards = jax.tree.map(scatter, grads)
  idx = jax.lax.axis_index(AX)
  param_shards = jax.tree.map(
      lambda p, g: jax.lax.dynamic_slice_in_dim(p, idx * g.shape[0], g.shape[0]), params, grad_shards)
  updates, opt_state = optim.update(grad_shards, opt_state, param_shards)
  new_params = jax.tree.map(gather, optax.apply_updates(param_shards, updates))
  return new_params, opt_state, jax.lax.pmean(loss, AX)


opt_state = jax.eval_shape(optim.init, params)        # global shapes; each device holds a slice
opt_specs = jax.tree.map(lambda s: P(AX) if s.ndim else P(), opt_state)
step = eqx.filter_jit(jax.shard_map(zero2_step, mesh=mesh,
                                    in_specs=(P(), opt_specs, P(AX), P(AX)),
                                    out_specs=(P(), opt_specs, P()), check_vma=False))
x = jnp.ones((32, 64))
y = jnp.zeros((32,), jnp.int32)
jax.jit(step).trace(params, opt_state, x, y).lower(lowering_platforms=('cuda',))
print('zero2 lowered')
