from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

import model
from tp_ops import TP_AXIS

mesh = Mesh(np.array(jax.devices()), (TP_AXIS,))
block_specs = {"w_in": P(None, TP_AXIS), "w_out": P(TP_AXIS, None)}
param_specs = [block_specs, block_specs]

tp_grad = jax.jit(jax.shard_map(
    jax.grad(model.loss), mesh=mesh,
    in_specs=(param_specs, P(), P()), out_specs=param_specs))


@jax.jit
def reference_forward(params, x):
  return model.forward(params, x, tp=False)


d, h = 32, 128
params = [{"w_in": jnp.ones((d, h)) * 0.01, "w_out": jnp.ones((h, d)) * 0.01}
          for _ in range(2)]
sharded_params = jax.tree.map(
    lambda p, s: jax.device_put(p, NamedSharding(mesh, s)), params, param_specs)
x = jnp.ones((8, d))
y = jnp.zeros((8, d))

print(tp_grad.trace(sharded_params, x, y).lower(lowering_platforms=("cuda",)).as_text()[:40])
print(reference_forward.trace(params, x).lower(lowering_platforms=("cuda",)).as_text()[:40])
