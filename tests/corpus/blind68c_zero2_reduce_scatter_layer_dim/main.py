import functools

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

import model
from parallel import zero

LR, B1, B2 = 1e-3, 0.9, 0.95

mesh = jax.make_mesh((4,), ("data",))
params = model.param_shapes()
opt_state = {"mu": params, "nu": params}
param_specs = jax.tree.map(lambda _: P(), params)
opt_specs = jax.tree.map(zero.shard_spec, opt_state)


@functools.partial(jax.shard_map, mesh=mesh,
                   in_specs=(param_specs, opt_specs, P("data"), P("data")),
                   out_specs=(param_specs, opt_specs, P()), check_vma=False)
def train_step(params, opt_state, tokens, labels):
  loss, grads = jax.value_and_grad(model.loss_fn)(params, tokens, labels)
  g = zero.reduce_scatter_grads(grads)
  mu = jax.tree.map(lambda m, x: B1 * m + (1 - B1) * x, opt_state["mu"], g)
  nu = jax.tree.map(lambda v, x: B2 * v + (1 - B2) * x * x, opt_state["nu"], g)
  p_local = jax.tree.map(zero.local_slice, params)
  p_local = jax.tree.map(lambda p, m, v: p - LR * m / (jnp.sqrt(v) + 1e-8), p_local, mu, nu)
  return zero.gather_params(p_local), {"mu": mu, "nu": nu}, jax.lax.pmean(loss, "data")


tokens = jax.ShapeDtypeStruct((16, 64), jnp.int32)
jax.jit(train_step).trace(params, opt_state, tokens, tokens).lower(lowering_platforms=("tpu",))
