import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

from layers import stack

mesh = jax.make_mesh((2, 2), ("data", "model"), axis_types=(AxisType.Auto, AxisType.Auto))
L, B, D, H = 4, 16, 64, 256
w_spec_in, w_spec_out = P(None, None, "model"), P(None, "model", None)


def loss(w_in, w_out, x):
  y = stack(x, w_in, w_out)
  return lax.pmean(jnp.mean(y**2), "data")


grad_fn = jax.jit(jax.shard_map(
    jax.value_and_grad(loss, argnums=(0, 1)),
    mesh=mesh,
    in_specs=(w_spec_in, w_spec_out, P("data", None)),
    out_specs=(P(), (w_spec_in, w_spec_out)),
))

w_in = jax.device_put(jnp.ones((L, D, H)) * 0.02, NamedSharding(mesh, w_spec_in))
w_out = jax.device_put(jnp.ones((L, H, D)) * 0.02, NamedSharding(mesh, w_spec_out))
x = jax.device_put(jnp.ones((B, D)), NamedSharding(mesh, P("data", None)))
# size the readout head from the trunk's output
trunk_out = jax.eval_shape(stack, x, w_in, w_out)
w_head = jnp.zeros((trunk_out.shape[-1], 10))

print(grad_fn.trace(w_in, w_out, x).lower(lowering_platforms=("cuda",)).as_text()[:40])
