from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

from mylib.model import AXIS, moe_layer

N_EXPERTS, CAPACITY, D, F = 8, 4, 32, 64
mesh = jax.make_mesh((4,), (AXIS,), axis_types=(jax.sharding.AxisType.Auto,))

layer = partial(moe_layer, n_experts=N_EXPERTS, capacity=CAPACITY)
layer = jax.shard_map(layer, mesh=mesh, in_specs=(P(AXIS), P(), P(AXIS), P(AXIS)),
                      out_specs=(P(AXIS), P()))


@jax.jit
def loss_fn(x, router_w, w_in, w_out):
  y, aux = layer(x, router_w, w_in, w_out)
  return jnp.mean(y ** 2) + 0.01 * aux


grad_fn = jax.jit(jax.grad(loss_fn, argnums=(1, 2, 3)))
args = (jnp.ones((64, D)), jnp.ones((D, N_EXPERTS)), jnp.ones((N_EXPERTS, D, F)),
        jnp.ones((N_EXPERTS, F, D)))
grad_fn.trace(*args).lower(lowering_platforms=('cuda',))
