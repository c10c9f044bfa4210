from functools import partial

import equinox as eqx
import jax
from jax import lax
from jax.flatten_util import ravel_pytree
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P
import optax


def padded_size(num_params, n):
  return -(-num_params // n) * n


def init_opt_state(optim, params, n):
  flat, _ = ravel_pytree(params)
  shard = padded_size(flat.size, n) // n
  return jax.vmap(lambda _: optim.init(jnp.zeros((shard,), flat.dtype)))(jnp.arange(n))


def zero_update(optim, grads, opt_state, params, axis_name):
  """Optimizer state is split across the data-parallel group: every device reduce-scatters the
  gradient, updates its 1/n slice of the (flattened) parameters and all-gathers the result."""
  n = lax.axis_size(axis_name)
  flat_g, _ = ravel_pytree(grads)
  flat_p, unravel = ravel_pytree(params)
  num_params = flat_p.size
  total = padded_size(num_params, n)
  flat_g = jnp.pad(flat_g, (0, total - flat_g.size))
  flat_p = jnp.pad(flat_p, (0, total - flat_p.size))

  g_shard = lax.psum_scatter(flat_g, axis_name, scatter_dimension=0, tiled=True) / n
  shard = total // n
  p_shard = lax.dynamic_slice_in_dim(flat_p, lax.axis_index(axis_name) * shard, shard)
  updates, opt_state = optim.update(g_shard, opt_state, p_shard)
  p_shard = p_shard + updates
  flat_p = lax.all_gather(p_shard, axis_name, tiled=True)
  return unravel(flat_p[:num_params]), opt_state


mesh = jax.make_mesh((4,), ('data',))
optim = optax.adamw(1e-3, weight_decay=1e-2)

model = eqx.nn.MLP(in_size=10, out_size=1, width_size=37, depth=2, key=jax.random.key(0))
params, static = eqx.partition(model, eqx.is_array)
opt_state = init_opt_state(optim, params, mesh.shape['data'])
opt_state = jax.tree.map(lambda a: a.reshape((-1,) + a.shape[2:]) if a.ndim > 1 else a,
                         opt_state)


def loss_fn(params, x, y):
  model = eqx.combine(params, static)
  return jnp.mean((jax.vmap(model)(x) - y) ** 2)


@partial(jax.shard_map, mesh=mesh, in_specs=(P(), P('data'), P('data'), P('data')),
         out_specs=(P(), P('data'), P()), check_vma=False)
def train_step(params, opt_state, x, y):
  loss, grads = eqx.filter_value_and_grad(loss_fn)(params, x, y)
  params, opt_state = zero_update(optim, grads, opt_state, params, 'data')
  return params, opt_state, jax.lax.pmean(loss, 'data')


with jax.set_mesh(mesh):
  batch = NamedSharding(mesh, P('data'))
  x = jax.device_put(jnp.ones((32, 10)), batch)
  y = jax.device_put(jnp.ones((32, 1)), batch)
  opt_state = jax.device_put(opt_state, batch)
  jax.jit(train_step).trace(params, opt_state, x, y).lower(lowering_platforms=('cuda',))
